using BenchmarkDotNet.Running;
using Gen0.Benchmarks;

// `dotnet run -c Release --project bench/Gen0.Benchmarks -- --filter '*Name*' [--job short]`
// `dotnet run -c Release --project bench/Gen0.Benchmarks -- --alternating [rounds]`: the same-thread row in alternating
// rounds, the second harness of docs/benchmarks.md (issue 24, goal 7).
if (args is ["--alternating", ..])
{
    return Gen0.Benchmarks.Buffers.AlternatingRounds.Run(args[1..]);
}

BenchmarkSwitcher.FromAssembly(typeof(Gen0BenchmarkConfig).Assembly).Run(args, new Gen0BenchmarkConfig());
return 0;
