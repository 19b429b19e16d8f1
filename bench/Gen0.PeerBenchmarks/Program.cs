using BenchmarkDotNet.Running;
using Gen0.Benchmarks;

// bench/peers/build-peers.sh <Collections.Pooled snapshot> <Dispose.Scope snapshot>, then
// `dotnet run -c Release --project bench/Gen0.PeerBenchmarks -- --filter '*Name*'`
BenchmarkSwitcher.FromAssembly(typeof(Gen0.PeerBenchmarks.StackPeerBenchmarks).Assembly).Run(args, new Gen0BenchmarkConfig());
