using Gen0.Analyzers.Rules;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers.Tests;

public sealed class InducedGcTests
{
    [Fact]
    public Task GcCollectInLibraryCodeIsReported() => Verify.AnalyzerAsync<InducedGcAnalyzer>("""
        public static class Cache
        {
            public static void Clear()
            {
                {|#0:GC.Collect()|};
                {|#1:GC.Collect(2, GCCollectionMode.Forced, blocking: true)|};
            }
        }
        """,
        Verify.Diagnostic("GEN0007").WithLocation(0),
        Verify.Diagnostic("GEN0007").WithLocation(1));

    [Fact]
    public Task OtherGcMembersAreNotReported() => Verify.AnalyzerAsync<InducedGcAnalyzer>("""
        public static class Probe
        {
            public static long Read() => GC.CollectionCount(0) + GC.GetTotalMemory(false) + GC.GetAllocatedBytesForCurrentThread();
            public static void Collect() { }
            public static void Call() => Collect();
        }
        """);

    [Fact]
    public Task GcCollectInTestProjectIsNotReported() => Verify.AnalyzerAsync<InducedGcAnalyzer>("""
        public static class Fixture
        {
            public static void Settle() => GC.Collect();
        }
        """,
        [MetadataReference.CreateFromFile(typeof(FactAttribute).Assembly.Location)]);
}
