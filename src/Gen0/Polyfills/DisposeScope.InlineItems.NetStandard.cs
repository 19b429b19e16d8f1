namespace Gen0.Scopes;

public sealed partial class DisposeScope
{
    /// <summary>
    /// The first registrations of a scope live inside the scope object itself (see Scopes/DisposeScope.InlineItems.cs).
    /// .NET Framework and Mono do not honour <c>[InlineArray]</c>, so on netstandard2.0 the four slots are fields and
    /// the indexer picks one; the call sites (<c>ref _inline[index]</c>) are the same.
    /// </summary>
    private struct InlineItems
    {
        private object? _element0;
        private object? _element1;
        private object? _element2;
        private object? _element3;

        /// <summary>Gets the slot at <paramref name="index"/> (0 to <see cref="InlineCapacity"/> - 1).</summary>
        /// <param name="index">The slot index.</param>
        [System.Diagnostics.CodeAnalysis.UnscopedRef]
        public ref object? this[int index]
        {
            get
            {
                switch (index)
                {
                    case 0: return ref _element0;
                    case 1: return ref _element1;
                    case 2: return ref _element2;
                    case 3: return ref _element3;
                    default: throw new IndexOutOfRangeException();
                }
            }
        }
    }
}
