using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.Json;
using Gen0.Docs.Tests;

namespace Gen0.Packages.Tests;

/// <summary>
/// Issue 25: the packages as a user gets them. Each scenario restores the packed Gen0 packages by <c>PackageReference</c>
/// into a new project outside the repository, builds it without a warning, runs it, and builds it once more with a
/// deliberate misuse to see the analyzers (packed in the Gen0 package) report GEN0001 and GEN0007 in the consumer. One
/// test class per scenario, so that two consumers build at once.
/// </summary>
internal static class ConsumerScenarios
{
    /// <summary>A console program that uses each part of the core package and prints what it computed.</summary>
    public const string ConsoleProgram = """
        using System;
        using System.Buffers;
        using Gen0.Buffers;
        using Gen0.Collections;
        using Gen0.IO;
        using Gen0.Pools;
        using Gen0.Scopes;

        internal static class Program
        {
            private static int Main()
            {
                long sum = 0;
                using (var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions()))
                using (ArrayLease<byte> lease = pool.Lease(1000))
                {
                    sum += lease.Length;
                }

                using (DisposeScope.BeginScope())
                {
                    PooledList<int> list = new PooledList<int> { 1, 2, 3 }.RegisterDisposeScope();
                    foreach (int item in list)
                    {
                        sum += item;
                    }
                }

                using (var chunked = new ChunkedList<long>())
                {
                    for (long i = 0; i < 100_000; i++)
                    {
                        chunked.Add(i);
                    }

                    sum += chunked[chunked.Count - 1];
                }

                using (var stream = new PooledMemoryStream())
                {
                    stream.Write(new byte[70_000], 0, 70_000);
                    sum += stream.Length;
                }

                var objects = new Pool<object>(() => new object());
                objects.Return(objects.Rent());
                Console.WriteLine("gen0 ok " + sum);
                return 0;
            }
        }
        """;

    // 1000 + (1 + 2 + 3) + 99_999 + 70_000
    private const string ExpectedOutput = "gen0 ok 171005";

    /// <summary>A net472 console, run on Mono (or .NET Framework on Windows).</summary>
    public static async Task Net472ConsoleAsync()
    {
        PackedGen0 packages = await PackedGen0.GetAsync();
        using var consumer = Consumer.Create(packages, "app472");
        consumer.Write("app472.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net472</TargetFramework>
                <LangVersion>latest</LangVersion>
              </PropertyGroup>
              <ItemGroup>
                <!-- The .NET Framework reference assemblies, for building on Linux and macOS. -->
                <PackageReference Include="Microsoft.NETFramework.ReferenceAssemblies" Version="1.0.3" PrivateAssets="all" />
              </ItemGroup>
            </Project>
            """);
        consumer.AddPackageReferences(("Gen0", packages.Version));
        consumer.Write("Program.cs", ConsoleProgram);
        await consumer.BuildWithoutWarningsAsync();

        string exe = Path.Combine(consumer.Directory, "bin", "Release", "net472", "app472.exe");
        (int exitCode, string output) = OperatingSystem.IsWindows()
            ? await ChildProcess.RunAsync(exe, [], consumer.Directory, Dotnet.StepTimeout)
            : await ChildProcess.RunAsync("mono", [exe], consumer.Directory, Dotnet.StepTimeout);
        Assert.True(exitCode == 0, output);
        Assert.Contains(ExpectedOutput, output, StringComparison.Ordinal);
        AssertAnalyzersReported(await consumer.AnalyzerDiagnosticsAsync());
    }

    /// <summary>A <c>dotnet new web</c> app with Gen0.AspNetCore and the README's Program.cs, serving <c>/gc</c>.</summary>
    public static async Task NewWebAppAsync()
    {
        PackedGen0 packages = await PackedGen0.GetAsync();
        using var consumer = Consumer.Create(packages, "web");
        await Dotnet.RunCheckedAsync(Path.GetDirectoryName(consumer.Directory)!, "new", "web", "-o", "web", "--force", "--no-update-check");
        consumer.AddPackageReferences(("Gen0.AspNetCore", packages.Version));
        MarkdownSnippet snippet = MarkdownSnippets.Parse("README.md", File.ReadAllText(Path.Combine(RepositoryRoot.Path, "README.md")))
            .Single(s => s.IsCSharp && s.Code.Contains("WebApplication.CreateBuilder", StringComparison.Ordinal));
        consumer.Write("Program.cs", snippet.Code);
        await consumer.BuildWithoutWarningsAsync();

        int port = FreePort();
        string url = $"http://127.0.0.1:{port}";
        using Process server = ChildProcess.Start("dotnet", [Path.Combine(consumer.Directory, "bin", "Release", "net10.0", "web.dll"), "--urls", url], consumer.Directory, out StringBuilder output);
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri(url), Timeout = TimeSpan.FromSeconds(10) };
            string gc = await GetWhenUpAsync(client, "/gc", server, output);
            using JsonDocument report = JsonDocument.Parse(gc);
            Assert.True(report.RootElement.TryGetProperty("collections", out _), gc);
            Assert.Equal(1000, JsonDocument.Parse(await client.GetStringAsync(new Uri("/orders", UriKind.Relative))).RootElement.GetArrayLength());
        }
        finally
        {
            server.Kill(entireProcessTree: true);
            await server.WaitForExitAsync();
        }

        AssertAnalyzersReported(await consumer.AnalyzerDiagnosticsAsync());
    }

    /// <summary>
    /// A <c>dotnet new console</c> for <paramref name="targetFramework"/>. Where its runtime is not installed (this
    /// SDK carries .NET 10 only, so net8.0), the program runs on the newest one with <c>--roll-forward Major</c>, and the
    /// test output says so.
    /// </summary>
    public static async Task ConsoleAsync(string targetFramework)
    {
        PackedGen0 packages = await PackedGen0.GetAsync();
        string name = "app" + targetFramework.Replace(".", string.Empty, StringComparison.Ordinal);
        using var consumer = Consumer.Create(packages, name);
        await Dotnet.RunCheckedAsync(Path.GetDirectoryName(consumer.Directory)!, "new", "console", "-o", name, "--force", "--no-update-check");
        string project = Path.Combine(consumer.Directory, name + ".csproj");
        File.WriteAllText(project, File.ReadAllText(project).Replace("<TargetFramework>net10.0</TargetFramework>", $"<TargetFramework>{targetFramework}</TargetFramework>", StringComparison.Ordinal));
        consumer.AddPackageReferences(("Gen0", packages.Version));
        consumer.Write("Program.cs", ConsoleProgram);
        await consumer.BuildWithoutWarningsAsync();

        string dll = Path.Combine(consumer.Directory, "bin", "Release", targetFramework, name + ".dll");
        bool rollForward = targetFramework != "net10.0" && !await HasRuntimeAsync(targetFramework);
        string[] run = rollForward ? ["--roll-forward", "Major", dll] : [dll];
        (int exitCode, string output) = await ChildProcess.RunAsync("dotnet", run, consumer.Directory, Dotnet.StepTimeout);
        Assert.True(exitCode == 0, $"{string.Join(' ', run)} exited with {exitCode}:\n{output}");
        Assert.Contains(ExpectedOutput, output, StringComparison.Ordinal);
        if (rollForward)
        {
            Console.WriteLine($"{name}: no {targetFramework} runtime on this machine; ran with --roll-forward Major.");
        }

        AssertAnalyzersReported(await consumer.AnalyzerDiagnosticsAsync());
    }

    private static async Task<bool> HasRuntimeAsync(string targetFramework)
    {
        string major = targetFramework["net".Length..].Split('.')[0];
        string runtimes = await Dotnet.RunCheckedAsync(Environment.CurrentDirectory, "--list-runtimes");
        return runtimes.Split('\n').Any(line => line.StartsWith($"Microsoft.NETCore.App {major}.", StringComparison.Ordinal));
    }

    private static void AssertAnalyzersReported(IReadOnlySet<string> diagnostics)
    {
        Assert.Contains("GEN0001", diagnostics);
        Assert.Contains("GEN0007", diagnostics);
    }

    private static async Task<string> GetWhenUpAsync(HttpClient client, string path, Process server, StringBuilder output)
    {
        var stopwatch = Stopwatch.StartNew();
        while (true)
        {
            Assert.False(server.HasExited, "the app exited:\n" + ChildProcess.Snapshot(output));
            try
            {
                return await client.GetStringAsync(new Uri(path, UriKind.Relative));
            }
            catch (HttpRequestException) when (stopwatch.Elapsed < TimeSpan.FromSeconds(60))
            {
                await Task.Delay(200);
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
