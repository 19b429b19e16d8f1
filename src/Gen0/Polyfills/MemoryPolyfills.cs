using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0;

/// <summary>
/// netstandard2.0: the span, memory, collection and task members .NET Core added that Gen0 calls, with the same names
/// (C# 14 extension members), so call sites do not change.
/// </summary>
internal static class MemoryPolyfills
{
    extension(MemoryMarshal)
    {
        /// <summary>Returns a reference to the first element of <paramref name="array"/> (where it would be when empty); no covariance check, as on .NET.</summary>
        /// <typeparam name="T">The element type.</typeparam>
        /// <param name="array">The array.</param>
        /// <returns>The reference.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ref T GetArrayDataReference<T>(T[] array) =>
            ref MemoryMarshal.GetReference(new Span<T>(Unsafe.As<T[]>(array)));
    }

    extension<T>(Span<T> span)
    {
        /// <summary>Sorts the span with the default comparer (through a rented array: netstandard2.0 has no span sort).</summary>
        public void Sort() => span.Sort((IComparer<T>?)null);

        /// <summary>Sorts the span with <paramref name="comparer"/>.</summary>
        /// <param name="comparer">The comparer, or null for the default.</param>
        public void Sort(IComparer<T>? comparer)
        {
            if (span.Length < 2)
            {
                return;
            }

            T[] array = ArrayPool<T>.Shared.Rent(span.Length);
            try
            {
                span.CopyTo(array);
                Array.Sort(array, 0, span.Length, comparer);
                array.AsSpan(0, span.Length).CopyTo(span);
            }
            finally
            {
                ArrayPool<T>.Shared.Return(array, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
            }
        }

        /// <summary>Sorts the span with <paramref name="comparison"/>.</summary>
        /// <param name="comparison">The comparison.</param>
        public void Sort(Comparison<T> comparison)
        {
            ArgumentNullException.ThrowIfNull(comparison);
            span.Sort(Comparer<T>.Create(comparison));
        }
    }

    extension(Span<byte> span)
    {
        /// <summary>Returns the index of the first byte that is not <paramref name="value"/>, or -1.</summary>
        /// <param name="value">The byte to skip.</param>
        /// <returns>The index.</returns>
        public int IndexOfAnyExcept(byte value)
        {
            for (int i = 0; i < span.Length; i++)
            {
                if (span[i] != value)
                {
                    return i;
                }
            }

            return -1;
        }
    }

    extension<T>(IEnumerable<T> source)
    {
        /// <summary>Gets the count of <paramref name="source"/> when it is known without enumerating.</summary>
        /// <param name="count">The count, or 0.</param>
        /// <returns>Whether the count was known.</returns>
        public bool TryGetNonEnumeratedCount(out int count)
        {
            ArgumentNullException.ThrowIfNull(source);
            switch (source)
            {
                case ICollection<T> collection:
                    count = collection.Count;
                    return true;
                case IReadOnlyCollection<T> readOnly:
                    count = readOnly.Count;
                    return true;
                case System.Collections.ICollection nonGeneric:
                    count = nonGeneric.Count;
                    return true;
                default:
                    count = 0;
                    return false;
            }
        }
    }

    extension<T>(HashSet<T> set)
    {
        /// <summary>Degrades: netstandard2.0's <see cref="HashSet{T}"/> cannot reserve; returns the count.</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The set's count.</returns>
        public int EnsureCapacity(int capacity)
        {
            ArgumentOutOfRangeException.ThrowIfNegative(capacity);
            return set.Count;
        }
    }

    extension<TKey, TValue>(ConditionalWeakTable<TKey, TValue> table)
        where TKey : class
        where TValue : class
    {
        /// <summary>Adds or replaces the value of <paramref name="key"/> (under a lock on the table: netstandard2.0 has no atomic replace).</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value.</param>
        public void AddOrUpdate(TKey key, TValue value)
        {
            lock (table)
            {
                table.Remove(key);
                table.Add(key, value);
            }
        }
    }

    extension(ValueTask)
    {
        /// <summary>Returns a canceled <see cref="ValueTask"/>.</summary>
        /// <param name="cancellationToken">The canceled token.</param>
        /// <returns>The task.</returns>
        public static ValueTask FromCanceled(CancellationToken cancellationToken) => new(Task.FromCanceled(cancellationToken));

        /// <summary>Returns a canceled <see cref="ValueTask{TResult}"/>.</summary>
        /// <typeparam name="TResult">The result type.</typeparam>
        /// <param name="cancellationToken">The canceled token.</param>
        /// <returns>The task.</returns>
        public static ValueTask<TResult> FromCanceled<TResult>(CancellationToken cancellationToken) => new(Task.FromCanceled<TResult>(cancellationToken));

        /// <summary>Returns a faulted <see cref="ValueTask"/>.</summary>
        /// <param name="exception">The exception.</param>
        /// <returns>The task.</returns>
        public static ValueTask FromException(Exception exception) => new(Task.FromException(exception));

        /// <summary>Returns a faulted <see cref="ValueTask{TResult}"/>.</summary>
        /// <typeparam name="TResult">The result type.</typeparam>
        /// <param name="exception">The exception.</param>
        /// <returns>The task.</returns>
        public static ValueTask<TResult> FromException<TResult>(Exception exception) => new(Task.FromException<TResult>(exception));
    }

    extension(Stream stream)
    {
        /// <summary>Writes <paramref name="buffer"/> asynchronously (through its array when it has one, else a rented copy).</summary>
        /// <param name="buffer">The bytes.</param>
        /// <param name="cancellationToken">The token to monitor.</param>
        /// <returns>The write.</returns>
        public ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken)
        {
            if (MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment))
            {
                return new ValueTask(stream.WriteAsync(segment.Array!, segment.Offset, segment.Count, cancellationToken));
            }

            return WriteCopyAsync(stream, buffer, cancellationToken);
        }
    }

    extension<TResult>(Task<TResult> task)
    {
        /// <summary>Waits for the task for at most <paramref name="timeout"/>, or until <paramref name="cancellationToken"/> is canceled.</summary>
        /// <param name="timeout">The longest wait (<see cref="Timeout.InfiniteTimeSpan"/> for none).</param>
        /// <param name="cancellationToken">The token to monitor.</param>
        /// <returns>The task's result.</returns>
        /// <exception cref="TimeoutException">The time ran out.</exception>
        public async Task<TResult> WaitAsync(TimeSpan timeout, CancellationToken cancellationToken)
        {
            if (task.IsCompleted)
            {
                return await task.ConfigureAwait(false);
            }

            using var delayCancel = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            Task delay = Task.Delay(timeout, delayCancel.Token);
            Task first = await Task.WhenAny(task, delay).ConfigureAwait(false);
            if (first == task)
            {
                delayCancel.Cancel();
                return await task.ConfigureAwait(false);
            }

            cancellationToken.ThrowIfCancellationRequested();
            throw new TimeoutException();
        }
    }

    private static async ValueTask WriteCopyAsync(Stream stream, ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken)
    {
        byte[] array = ArrayPool<byte>.Shared.Rent(buffer.Length);
        try
        {
            buffer.Span.CopyTo(array);
            await stream.WriteAsync(array, 0, buffer.Length, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(array);
        }
    }
}
