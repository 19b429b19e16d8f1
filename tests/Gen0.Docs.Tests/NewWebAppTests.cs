using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Gen0.Docs.Tests;

/// <summary>
/// Issue 17's "done when": a new <c>dotnet new web</c> app that follows the README compiles and serves <c>/gc</c> on
/// the first try. The test creates the app from the installed template in a temporary directory, references the Gen0
/// assemblies (where a user would add the package), replaces <c>Program.cs</c> with the README's ASP.NET Core block
/// as written, adds the README's <c>appsettings.json</c> block to the template's file, builds it, starts it and asks for
/// <c>/gc</c>, <c>/orders</c> and <c>/report</c> (a pooled service sized from the file). Then it starts the same app
/// with one bad setting and checks that the start fails naming the key (issue 27). It takes about 20 s offline.
/// </summary>
public sealed class NewWebAppTests : IDisposable
{
    private static readonly TimeSpan s_stepTimeout = TimeSpan.FromSeconds(120);

    private readonly string _directory = Directory.CreateTempSubdirectory("gen0-newweb-").FullName;

    [Fact]
    public async Task ReadmeWebSnippet_InANewWebApp_BuildsAndServesGc()
    {
        IReadOnlyList<MarkdownSnippet> readme = MarkdownSnippets.Parse("README.md", File.ReadAllText(Path.Combine(RepositoryRoot.Path, "README.md")));
        MarkdownSnippet snippet = readme.Single(s => s.IsCSharp && s.Code.Contains("WebApplication.CreateBuilder", StringComparison.Ordinal));
        MarkdownSnippet settings = readme.Single(s => s.Language == "json" && s.Code.Contains("\"Gen0\"", StringComparison.Ordinal));

        string app = Path.Combine(_directory, "app");
        await RunDotnetAsync(_directory, "new", "web", "-o", "app", "--no-update-check");
        string project = Path.Combine(app, "app.csproj");
        string csproj = File.ReadAllText(project);
        string references = string.Concat(new[] { "Gen0", "Gen0.Diagnostics", "Gen0.AspNetCore" }.Select(name =>
            $"    <Reference Include=\"{name}\"><HintPath>{Path.Combine(AppContext.BaseDirectory, name + ".dll")}</HintPath></Reference>\n"));
        File.WriteAllText(project, csproj.Replace("</Project>", $"  <ItemGroup>\n{references}  </ItemGroup>\n</Project>", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(app, "Program.cs"), snippet.Code);

        // What a user does with the README's block: add its "Gen0" section to the template's appsettings.json.
        string appSettingsPath = Path.Combine(app, "appsettings.json");
        JsonObject appSettings = JsonNode.Parse(File.ReadAllText(appSettingsPath))!.AsObject();
        appSettings["Gen0"] = JsonNode.Parse(settings.Code)!["Gen0"]!.DeepClone();
        File.WriteAllText(appSettingsPath, appSettings.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
        await RunDotnetAsync(app, "build", "-c", "Release", "--nologo");

        int port = FreePort();
        string url = $"http://127.0.0.1:{port}";
        using Process server = ChildProcess.Start("dotnet", [Path.Combine(app, "bin", "Release", "net10.0", "app.dll"), "--urls", url], app, out StringBuilder output);
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri(url), Timeout = TimeSpan.FromSeconds(10) };
            string gc = await GetWhenUpAsync(client, "/gc", server, output);
            using JsonDocument report = JsonDocument.Parse(gc);
            Assert.True(report.RootElement.TryGetProperty("collections", out _), gc);
            string orders = await client.GetStringAsync(new Uri("/orders", UriKind.Relative));
            Assert.Equal(1000, JsonDocument.Parse(orders).RootElement.GetArrayLength());
            Assert.Equal("hello", await client.GetStringAsync(new Uri("/greeting", UriKind.Relative)));
            string expectedReport = "orders: 1000" + Environment.NewLine + "status: ok" + Environment.NewLine;
            Assert.Equal(expectedReport, await client.GetStringAsync(new Uri("/report", UriKind.Relative)));
            Assert.Equal(expectedReport, await client.GetStringAsync(new Uri("/report", UriKind.Relative)));
        }
        finally
        {
            server.Kill(entireProcessTree: true);
            await server.WaitForExitAsync();
        }

        // The same app with a negative budget on the command line (it overrides appsettings.json): the start fails,
        // before any request, and the output names the key.
        (int exitCode, string failed) = await ChildProcess.RunAsync(
            "dotnet",
            [Path.Combine(app, "bin", "Release", "net10.0", "app.dll"), "--urls", $"http://127.0.0.1:{FreePort()}", "--Gen0:ArrayPool:MaxRetainedBytes=-1"],
            app,
            s_stepTimeout);
        Assert.True(exitCode != 0, "the app started with a negative budget:\n" + failed);
        Assert.Contains("OptionsValidationException", failed, StringComparison.Ordinal);
        Assert.Contains("Gen0:ArrayPool:MaxRetainedBytes = '-1'", failed, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // A build node may still hold a file for a moment; the temp directory is cleaned by the OS.
        }
    }

    private static async Task RunDotnetAsync(string workingDirectory, params string[] arguments)
    {
        (int exitCode, string output) = await ChildProcess.RunAsync("dotnet", arguments, workingDirectory, s_stepTimeout);
        Assert.True(exitCode == 0, $"'dotnet {string.Join(' ', arguments)}' exited with {exitCode}:\n{output}");
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
            catch (HttpRequestException) when (stopwatch.Elapsed < TimeSpan.FromSeconds(30))
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
