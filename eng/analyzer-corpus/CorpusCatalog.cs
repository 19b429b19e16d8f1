namespace Gen0.AnalyzerCorpus;

/// <summary>
/// The real-code corpus: pooling-heavy open-source libraries that nobody on Gen0 wrote, other than the five the
/// issue that asked for this corpus was measured on (Collections.Pooled, ZString, CommunityToolkit.HighPerformance,
/// MessagePack, StackExchange.Redis). Each is compiled for net10.0 with its own defines; test, benchmark and sample
/// folders are left out.
/// </summary>
public static class CorpusCatalog
{
    public static IReadOnlyList<CorpusProject> Projects { get; } =
    [
        new("MemoryPack.Core", "Cysharp+MemoryPack", "85ab9ad76c380aca48c09ff3a0ad955ee5a2902b",
            ["src/MemoryPack.Core"], [], ImplicitUsings: true, References: [], ProjectReferences: []),
        new("Nerdbank.Streams", "dotnet+Nerdbank.Streams", "c936d2210f00c3a8762c647d5e69264480a98fcb",
            ["src/Nerdbank.Streams"], ["SPAN_BUILTIN", "MESSAGEPACK_INTERNAL"], ImplicitUsings: true,
            References: ["Microsoft.VisualStudio.Threading.dll", "Microsoft.VisualStudio.Validation.dll"], ProjectReferences: []),
        new("ICSharpCode.SharpZipLib", "icsharpcode+SharpZipLib", "ff2d7c30bdb2474d507f001bc555405e9f02a0bb",
            ["src/ICSharpCode.SharpZipLib"], [], ImplicitUsings: false, References: [], ProjectReferences: []),
        new("Pipelines.Sockets.Unofficial", "mgravell+Pipelines.Sockets.Unofficial", "dbcd7d9fed6c24c46e2ccc961f4b36b36d9b730e",
            ["src/Pipelines.Sockets.Unofficial"], ["SOCKET_STREAM_BUFFERS", "RANGES"], ImplicitUsings: false, References: [], ProjectReferences: []),
        // One compilation: the four assemblies share internals through InternalsVisibleTo with a public key.
        new("NATS.Client", "nats-io+nats.net", "0033cfd7ab941262b2ba15521ba947cc7575aa1a",
            ["src/NATS.Client.Abstractions", "src/NATS.Client.Core", "src/NATS.Client.JetStream", "src/NATS.Client.ObjectStore"], [], ImplicitUsings: true,
            References: ["Microsoft.Extensions.Logging.Abstractions.dll", "Microsoft.Extensions.Primitives.dll", "NATS.NKeys.dll"], ProjectReferences: []),
        new("Sep", "nietras+Sep", "76b063ec151af051526d064e9f45ad9584e63384",
            ["src/Sep"], [], ImplicitUsings: false, References: ["csFastFloat.dll"], ProjectReferences: []),
    ];
}
