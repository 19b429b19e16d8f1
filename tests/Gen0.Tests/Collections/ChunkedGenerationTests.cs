using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// The chunked collections' promise, checked the same way on every runtime: no array of theirs is born in the GC's large
/// object heap (CoreCLR, .NET Framework: 85,000 bytes) or large object space (Mono's SGen: over 8,000 bytes). A fresh
/// object's generation says where it was born: 0 in the nursery, <see cref="GC.MaxGeneration"/> (2 on CoreCLR, 1 on
/// SGen) in the large object heap. Issue 25: on Mono every chunk of a <c>ChunkedList&lt;long&gt;</c> (64 KB) was born
/// there.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ChunkedGenerationTests
{
    [Fact]
    public void DefaultLengths_AreTheLongestArraysTheGcKeepsOutOfItsLargeObjectHeap()
    {
        AssertLongestSmall<byte>(ChunkedStorage<byte>.DefaultChunkLength);
        AssertLongestSmall<int>(ChunkedStorage<int>.DefaultChunkLength);
        AssertLongestSmall<long>(ChunkedStorage<long>.DefaultChunkLength);
        AssertLongestSmall<string>(ChunkedStorage<string>.DefaultChunkLength);
        AssertLongestSmall<ChunkedSetEntry<long>>(ChunkedStorage<ChunkedSetEntry<long>>.DefaultChunkLength);
        AssertLongestSmall<ChunkedDictionaryEntry<string, Guid>>(ChunkedStorage<ChunkedDictionaryEntry<string, Guid>>.DefaultChunkLength);
        AssertLongestSmall<long[]>(ChunkedStorage<long>.DefaultDirectoryLength);
        AssertLongestSmall<int[]>(ChunkedStorage<int[]>.DefaultDirectoryLength);
    }

    [Fact]
    public void FillingChunkedCollections_BearsEveryChunkAndDirectoryOutsideTheLargeObjectHeap()
    {
        var births = new Births();
        using (ChunkedList<long> list = new())
        {
            int chunks = 0;
            int directory = 0;
            for (long i = 0; i < 3_000_000; i++)
            {
                births.Watch(() => list.Add(i), () =>
                {
                    ref ChunkedStorage<long> storage = ref list.Storage;
                    if (storage.ChunkCount != chunks)
                    {
                        chunks = storage.ChunkCount;
                        births.Check(storage.GetChunk(chunks - 1), $"ChunkedList<long> chunk {chunks - 1}");
                    }

                    if (storage._chunks.Length != directory)
                    {
                        directory = storage._chunks.Length;
                        births.Check(storage._chunks, $"ChunkedList<long> directory of {directory}");
                    }
                });
            }

            // On Mono (512-entry directories) the list also reaches the paged directory.
            Assert.True(list.Storage.ChunkCount > 100, $"the list holds only {list.Storage.ChunkCount} chunks");
        }

        using (ChunkedHashSet<int> set = new())
        {
            int entryChunks = 0;
            int bucketChunks = 0;
            for (int i = 0; i < 400_000; i++)
            {
                births.Watch(() => set.Add(i), () =>
                {
                    ChunkedStorage<ChunkedSetEntry<int>> entries = set.Table.EntryStorage;
                    ChunkedStorage<int> buckets = set.Table.BucketStorage;
                    if (entries.ChunkCount != entryChunks)
                    {
                        entryChunks = entries.ChunkCount;
                        births.Check(entries.GetChunk(entryChunks - 1), $"ChunkedHashSet<int> entry chunk {entryChunks - 1}");
                    }

                    if (buckets.ChunkCount != bucketChunks)
                    {
                        bucketChunks = buckets.ChunkCount;
                        births.Check(buckets.GetChunk(bucketChunks - 1), $"ChunkedHashSet<int> bucket chunk {bucketChunks - 1}");
                    }
                });
            }
        }

        using (ChunkedDictionary<string, long> dictionary = new())
        {
            int entryChunks = 0;
            for (int i = 0; i < 100_000; i++)
            {
                string key = "k" + i;
                births.Watch(() => dictionary.Add(key, i), () =>
                {
                    ChunkedStorage<ChunkedDictionaryEntry<string, long>> entries = dictionary.Table.EntryStorage;
                    if (entries.ChunkCount != entryChunks)
                    {
                        entryChunks = entries.ChunkCount;
                        births.Check(entries.GetChunk(entryChunks - 1), $"ChunkedDictionary<string, long> entry chunk {entryChunks - 1}");
                    }
                });
            }
        }

        Assert.True(births.Checked >= 100, $"only {births.Checked} births were seen without a GC in between");
        Assert.True(births.Large.Count == 0, $"born in the large object heap (generation {GC.MaxGeneration}): {string.Join(", ", births.Large.Take(10))}");
    }

    private static void AssertLongestSmall<T>(int length)
    {
        Assert.True(GenerationAtBirth(() => new T[length]) == 0, $"a {typeof(T).Name}[{length}] should be born small");
        Assert.True(GenerationAtBirth(() => new T[length * 2]) == GC.MaxGeneration, $"a {typeof(T).Name}[{length * 2}] should be born in the large object heap: the length is not the longest small one");
    }

    // The generation of a fresh object, read before any collection could promote it (retried when one ran).
    private static int GenerationAtBirth(Func<object> allocate)
    {
        for (int attempt = 0; attempt < 10; attempt++)
        {
            int collections = GC.CollectionCount(0);
            object fresh = allocate();
            int generation = GC.GetGeneration(fresh);
            if (GC.CollectionCount(0) == collections)
            {
                return generation;
            }
        }

        throw new InvalidOperationException("A collection ran during every attempt.");
    }

    /// <summary>Checks the generation of arrays a step allocated, when no collection ran between the step's start and the check.</summary>
    private sealed class Births
    {
        private int _collections;

        public int Checked { get; private set; }

        public List<string> Large { get; } = [];

        public void Watch(Action step, Action inspect)
        {
            _collections = GC.CollectionCount(0);
            step();
            inspect();
        }

        public void Check(object array, string what)
        {
            int generation = GC.GetGeneration(array);
            if (GC.CollectionCount(0) != _collections)
            {
                return; // promoted, perhaps: says nothing about where it was born
            }

            Checked++;
            if (generation != 0)
            {
                Large.Add($"{what} ({((Array)array).Length} elements, generation {generation})");
            }
        }
    }
}
