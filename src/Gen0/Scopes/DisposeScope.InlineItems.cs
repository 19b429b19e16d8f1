using System.Runtime.CompilerServices;

namespace Gen0.Scopes;

public sealed partial class DisposeScope
{
    /// <summary>
    /// The first registrations of a scope live inside the scope object itself, so that a scope holding a few objects
    /// (the common case: a request returning one or two pooled collections) rents no buffer at all.
    /// </summary>
    [InlineArray(InlineCapacity)]
    private struct InlineItems
    {
        private object? _element0;
    }
}
