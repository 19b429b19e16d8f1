using BenchmarkDotNet.Running;
using Gen0.Benchmarks;

// `dotnet run -c Release --project bench/Gen0.Benchmarks -- --filter '*Name*' [--job short]`
BenchmarkSwitcher.FromAssembly(typeof(Gen0BenchmarkConfig).Assembly).Run(args, new Gen0BenchmarkConfig());
