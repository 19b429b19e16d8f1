using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>Sorting for <see cref="ChunkedStorage{T}"/>.</summary>
internal partial struct ChunkedStorage<T>
{
    /// <summary>
    /// Sorts <paramref name="count"/> elements from <paramref name="index"/>: each chunk's part with the BCL's
    /// introsort, then pairwise merges of those runs through a pooled chunked buffer, so no array of the sort reaches
    /// the LOH either. For a total order the result equals <see cref="Array.Sort{T}(T[], int, int, IComparer{T})"/>'s.
    /// </summary>
    /// <exception cref="InvalidOperationException">The comparer threw (the original exception is the inner one).</exception>
    public readonly void Sort(int index, int count, IComparer<T>? comparer)
    {
        if (count < 2)
        {
            return;
        }

        int end = index + count;
        int firstChunk = index >> _shift;
        int lastChunk = (end - 1) >> _shift;
        int runCount = lastChunk - firstChunk + 1;
        var bounds = new RunBounds(index, end, firstChunk, _shift, width: 1);
        for (int run = 0; run < runCount; run++)
        {
            Span<T> span = GetSegment(bounds[run], bounds[run + 1] - bounds[run]);
            if (comparer is null)
            {
                span.Sort();
            }
            else
            {
                span.Sort(comparer);
            }
        }

        if (runCount == 1)
        {
            return;
        }

        // The buffer is aligned like this storage, so that run boundaries stay chunk boundaries in both.
        int alignedBase = firstChunk << _shift;
        ChunkedStorage<T> buffer = new(_mask + 1, 1 << _directoryShift, _pool ?? DefaultArrayPool<T>.Instance);
        try
        {
            buffer.Grow(end - alignedBase, geometric: false);
            bool inBuffer = false;
            try
            {
                while (runCount > 1)
                {
                    if (inBuffer)
                    {
                        runCount = comparer is null
                            ? MergePass(in buffer, alignedBase, in this, 0, bounds, runCount, default(DefaultComparer))
                            : MergePass(in buffer, alignedBase, in this, 0, bounds, runCount, comparer);
                    }
                    else
                    {
                        runCount = comparer is null
                            ? MergePass(in this, 0, in buffer, alignedBase, bounds, runCount, default(DefaultComparer))
                            : MergePass(in this, 0, in buffer, alignedBase, bounds, runCount, comparer);
                    }

                    inBuffer = !inBuffer;
                    bounds = bounds.Doubled();
                }
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                throw new InvalidOperationException("Failed to compare two elements in the array.", ex);
            }

            if (inBuffer)
            {
                CopyBetween(in buffer, index - alignedBase, in this, index, count);
            }
        }
        finally
        {
            buffer.Release();
        }
    }

    /// <summary>Copies <paramref name="count"/> elements between two storages, segment by segment.</summary>
    private static void CopyBetween(in ChunkedStorage<T> source, int sourceIndex, in ChunkedStorage<T> destination, int destinationIndex, int count)
    {
        while (count > 0)
        {
            Span<T> from = source.GetSegment(sourceIndex, count);
            Span<T> to = destination.GetSegment(destinationIndex, from.Length);
            from[..to.Length].CopyTo(to);
            sourceIndex += to.Length;
            destinationIndex += to.Length;
            count -= to.Length;
        }
    }

    /// <summary>
    /// Merges runs pairwise from <paramref name="source"/> into <paramref name="destination"/> (positions are the
    /// sorted storage's; each side subtracts its base); the merged runs are those of <c>bounds.Doubled()</c>.
    /// </summary>
    /// <returns>The number of runs after the pass.</returns>
    private static int MergePass<TComparer>(in ChunkedStorage<T> source, int sourceBase, in ChunkedStorage<T> destination, int destinationBase, RunBounds bounds, int runCount, TComparer comparer)
        where TComparer : IComparer<T>
    {
        int merged = 0;
        for (int run = 0; run < runCount; run += 2)
        {
            int low = bounds[run];
            if (run + 1 == runCount)
            {
                CopyBetween(in source, low - sourceBase, in destination, low - destinationBase, bounds[run + 1] - low);
            }
            else
            {
                int middle = bounds[run + 1];
                int high = bounds[run + 2];
                int left = low;
                int right = middle;
                int target = low;

                // Cursors over chunk segments, so that the inner loop indexes spans rather than the chunked storage.
                Span<T> a = source.GetSegment(left - sourceBase, middle - left);
                Span<T> b = source.GetSegment(right - sourceBase, high - right);
                Span<T> d = destination.GetSegment(target - destinationBase, high - target);
                int ai = 0;
                int bi = 0;
                int di = 0;
                while (left < middle && right < high)
                {
                    T item;
                    if (comparer.Compare(b[bi], a[ai]) < 0)
                    {
                        item = b[bi];
                        right++;
                        if (++bi == b.Length && right < high)
                        {
                            b = source.GetSegment(right - sourceBase, high - right);
                            bi = 0;
                        }
                    }
                    else
                    {
                        item = a[ai];
                        left++;
                        if (++ai == a.Length && left < middle)
                        {
                            a = source.GetSegment(left - sourceBase, middle - left);
                            ai = 0;
                        }
                    }

                    d[di] = item;
                    target++;
                    if (++di == d.Length && target < high)
                    {
                        d = destination.GetSegment(target - destinationBase, high - target);
                        di = 0;
                    }
                }

                CopyBetween(in source, left - sourceBase, in destination, target - destinationBase, middle - left);
                target += middle - left;
                CopyBetween(in source, right - sourceBase, in destination, target - destinationBase, high - right);
            }

            merged++;
        }

        return merged;
    }

    /// <summary>
    /// Where the runs of a merge pass start: every run but the first starts at a chunk boundary and spans
    /// <c>width</c> chunks, so the bounds are computed rather than kept in an array (which, one entry per chunk, could
    /// itself reach the LOH for a long enough list, and on Mono's 8,000-byte threshold does at 2,000 chunks).
    /// </summary>
    private readonly struct RunBounds(int index, int end, int firstChunk, int shift, long width)
    {
        /// <summary>Gets where run <paramref name="run"/> starts; the run count gives the end.</summary>
        public int this[int run] => run == 0 ? index : (int)Math.Min(end, (firstChunk + (run * width)) << shift);

        /// <summary>Returns the bounds after a pass has merged each pair of runs.</summary>
        public RunBounds Doubled() => new(index, end, firstChunk, shift, width * 2);
    }

    /// <summary>The default comparer as a struct, so that the merge of primitive elements devirtualizes.</summary>
    private readonly struct DefaultComparer : IComparer<T>
    {
        public int Compare(T? x, T? y) => Comparer<T>.Default.Compare(x!, y!);
    }
}
