using System.Diagnostics.Tracing;

namespace Gen0;

/// <summary>
/// The base of Gen0's event sources (<c>Gen0-Buffers</c>, <c>Gen0-IO</c>): the descriptor helpers their events write
/// payloads with through <see cref="EventSource.WriteEventCore"/>, which only a derived type can reach. It defines no
/// events, as an <see cref="EventSource"/> utility base must not.
/// </summary>
internal abstract class Gen0EventSource : EventSource
{
    // stackalloc zeroes the descriptors (no SkipLocalsInit here), so their reserved field is 0 as WriteEventCore expects.
    private protected static unsafe void Set(ref EventData data, void* value, int size)
    {
        data.DataPointer = (nint)value;
        data.Size = size;
    }

    // A string goes with its terminating NUL (a pinned string has one after its last character).
    private protected static unsafe void SetString(ref EventData data, char* value, string text) => Set(ref data, value, (text.Length + 1) * sizeof(char));
}
