using System.Diagnostics.CodeAnalysis;

namespace Gen0.Tests;

/// <summary>
/// .NET Framework 4.7.2: the .NET Core members the shared test sources call, with the same names (C# 14 extension
/// members), so the sources stay one. Gen0's own netstandard2.0 polyfills (visible through InternalsVisibleTo) cover
/// the rest. Where .NET Framework has no equivalent the member says how it degrades.
/// </summary>
internal static class NetFrameworkPolyfills
{
    extension(Task task)
    {
        /// <summary>Waits at most <paramref name="timeout"/> for the task.</summary>
        /// <param name="timeout">The limit.</param>
        /// <returns>The task's completion.</returns>
        public async Task WaitAsync(TimeSpan timeout)
        {
            using var cancel = new CancellationTokenSource();
            if (await Task.WhenAny(task, Task.Delay(timeout, cancel.Token)).ConfigureAwait(false) != task)
            {
                throw new TimeoutException();
            }

            cancel.Cancel();
            await task.ConfigureAwait(false);
        }
    }

    extension<T>(Task<T> task)
    {
        /// <summary>Waits at most <paramref name="timeout"/> for the task.</summary>
        /// <param name="timeout">The limit.</param>
        /// <returns>The task's result.</returns>
        public async Task<T> WaitAsync(TimeSpan timeout)
        {
            await ((Task)task).WaitAsync(timeout).ConfigureAwait(false);
            return await task.ConfigureAwait(false);
        }
    }

    extension(Task task)
    {
        /// <summary>Gets whether the task ran to completion.</summary>
        public bool IsCompletedSuccessfully => task.Status == TaskStatus.RanToCompletion;
    }

    extension(CancellationTokenSource source)
    {
        /// <summary>Cancels (synchronously: .NET Framework has no asynchronous cancel).</summary>
        /// <returns>A completed task.</returns>
        public Task CancelAsync()
        {
            source.Cancel();
            return Task.CompletedTask;
        }
    }

    extension(Environment)
    {
        /// <summary>Gets milliseconds since an arbitrary start, without wrapping.</summary>
        public static long TickCount64 => System.Diagnostics.Stopwatch.GetTimestamp() / (System.Diagnostics.Stopwatch.Frequency / 1000);
    }

    extension(string text)
    {
        /// <summary>Gets whether the string contains <paramref name="value"/>.</summary>
        /// <param name="value">The character.</param>
        /// <returns>Whether it does.</returns>
        public bool Contains(char value) => text.IndexOf(value) >= 0;

        /// <summary>Gets whether the string contains <paramref name="value"/> under <paramref name="comparison"/>.</summary>
        /// <param name="value">The text.</param>
        /// <param name="comparison">The comparison.</param>
        /// <returns>Whether it does.</returns>
        public bool Contains(string value, StringComparison comparison) => text.IndexOf(value, comparison) >= 0;

        /// <summary>Gets whether the string starts with <paramref name="value"/>.</summary>
        /// <param name="value">The character.</param>
        /// <returns>Whether it does.</returns>
        public bool StartsWith(char value) => text.Length != 0 && text[0] == value;

        /// <summary>Gets whether the string ends with <paramref name="value"/>.</summary>
        /// <param name="value">The character.</param>
        /// <returns>Whether it does.</returns>
        public bool EndsWith(char value) => text.Length != 0 && text[^1] == value;

        /// <summary>Finds <paramref name="value"/> (an ordinal search for a character whatever the comparison).</summary>
        /// <param name="value">The character.</param>
        /// <param name="comparison">The comparison.</param>
        /// <returns>Its index, or -1.</returns>
        public int IndexOf(char value, StringComparison comparison) => text.IndexOf(value.ToString(), comparison);
    }

    extension(int)
    {
        /// <summary>Parses a span of characters.</summary>
        /// <param name="text">The characters.</param>
        /// <param name="provider">The format provider.</param>
        /// <returns>The value.</returns>
        public static int Parse(ReadOnlySpan<char> text, IFormatProvider? provider) => int.Parse(text.ToString(), provider);
    }

    extension<T>(ReadOnlySpan<T> span)
        where T : IEquatable<T>
    {
        /// <summary>Gets whether the span contains <paramref name="value"/>.</summary>
        /// <param name="value">The value.</param>
        /// <returns>Whether it does.</returns>
        public bool Contains(T value) => span.IndexOf(value) >= 0;
    }

    extension<T>(Span<T> span)
        where T : IEquatable<T>
    {
        /// <summary>Returns the index of the first element that is not <paramref name="value"/>, or -1.</summary>
        /// <param name="value">The value.</param>
        /// <returns>The index.</returns>
        public int IndexOfAnyExcept(T value)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (!span[i].Equals(value))
                {
                    return i;
                }
            }

            return -1;
        }
    }

    extension<T>(Span<T> span)
    {
        /// <summary>Compares element by element with <paramref name="comparer"/> (.NET 6's overload, with no <see cref="IEquatable{T}"/> constraint).</summary>
        /// <param name="other">The other span.</param>
        /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
        /// <returns>Whether both hold equal elements in the same order.</returns>
        /// <remarks>The comparer is not optional here: a call without one must bind to System.Memory's vectorized overload.</remarks>
        public bool SequenceEqual(ReadOnlySpan<T> other, IEqualityComparer<T>? comparer) => ((ReadOnlySpan<T>)span).SequenceEqual(other, comparer);
    }

    extension<T>(ReadOnlySpan<T> span)
    {
        /// <summary>Compares element by element with <paramref name="comparer"/> (.NET 6's overload, with no <see cref="IEquatable{T}"/> constraint).</summary>
        /// <param name="other">The other span.</param>
        /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
        /// <returns>Whether both hold equal elements in the same order.</returns>
        public bool SequenceEqual(ReadOnlySpan<T> other, IEqualityComparer<T>? comparer)
        {
            if (span.Length != other.Length)
            {
                return false;
            }

            comparer ??= EqualityComparer<T>.Default;
            for (int i = 0; i < span.Length; i++)
            {
                if (!comparer.Equals(span[i], other[i]))
                {
                    return false;
                }
            }

            return true;
        }
    }

    extension(Array)
    {
        /// <summary>Sets every element of <paramref name="array"/> to <paramref name="value"/>.</summary>
        /// <param name="array">The array.</param>
        /// <param name="value">The value.</param>
        public static void Fill<T>(T[] array, T value) => array.AsSpan().Fill(value);
    }

    extension(GC)
    {
        /// <summary>Degrades: .NET Framework and Mono do not count a thread's allocations, so this is 0 (allocation checks are skipped there; see docs/netstandard.md).</summary>
        /// <returns>0.</returns>
        public static long GetAllocatedBytesForCurrentThread() => 0;
    }

    extension<T>(EqualityComparer<T>)
    {
        /// <summary>Creates a comparer from delegates.</summary>
        /// <param name="equals">The equality.</param>
        /// <param name="getHashCode">The hash code.</param>
        /// <returns>The comparer.</returns>
        public static EqualityComparer<T> Create(Func<T?, T?, bool> equals, Func<T, int>? getHashCode = null) =>
            new DelegateComparer<T>(equals, getHashCode ?? (_ => throw new NotSupportedException()));
    }

    extension<TKey, TValue>(IDictionary<TKey, TValue> dictionary)
    {
        /// <summary>Adds the pair unless the key is present.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value.</param>
        /// <returns>Whether it was added.</returns>
        public bool TryAdd(TKey key, TValue value)
        {
            if (dictionary.ContainsKey(key))
            {
                return false;
            }

            dictionary.Add(key, value);
            return true;
        }
    }

    extension<TKey, TValue>(Dictionary<TKey, TValue> dictionary)
        where TKey : notnull
    {
        /// <summary>Adds the pair unless the key is present.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value.</param>
        /// <returns>Whether it was added.</returns>
        public bool TryAdd(TKey key, TValue value) => ((IDictionary<TKey, TValue>)dictionary).TryAdd(key, value);

        /// <summary>Removes the key and returns its value.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value removed.</param>
        /// <returns>Whether it was there.</returns>
        public bool Remove(TKey key, [MaybeNullWhen(false)] out TValue value) =>
            dictionary.TryGetValue(key, out value) && dictionary.Remove(key);
    }

    extension<T>(Stack<T> stack)
    {
        /// <summary>Peeks when not empty.</summary>
        /// <param name="result">The top.</param>
        /// <returns>Whether there was one.</returns>
        public bool TryPeek([MaybeNullWhen(false)] out T result)
        {
            if (stack.Count == 0)
            {
                result = default;
                return false;
            }

            result = stack.Peek();
            return true;
        }
    }

    extension(Type type)
    {
        /// <summary>Gets whether the type is a ref struct (the compiler's marker attribute).</summary>
        public bool IsByRefLike => type.GetCustomAttributes(false).Any(a => a.GetType().FullName == "System.Runtime.CompilerServices.IsByRefLikeAttribute");
    }

    private sealed class DelegateComparer<T>(Func<T?, T?, bool> equals, Func<T, int> getHashCode) : EqualityComparer<T>
    {
        public override bool Equals(T? x, T? y) => equals(x, y);

        public override int GetHashCode(T obj) => getHashCode(obj);
    }
}

/// <summary>.NET 5's reference equality comparer.</summary>
internal sealed class ReferenceEqualityComparer : IEqualityComparer<object?>, System.Collections.IEqualityComparer
{
    private ReferenceEqualityComparer()
    {
    }

    /// <summary>Gets the instance.</summary>
    public static ReferenceEqualityComparer Instance { get; } = new();

    /// <inheritdoc/>
    public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);

    /// <inheritdoc/>
    public int GetHashCode(object? obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj!);
}
