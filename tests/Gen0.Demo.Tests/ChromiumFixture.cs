using System.Diagnostics;
using Microsoft.Playwright;

namespace Gen0.Demo.Tests;

/// <summary>
/// One headless Chromium for the browser tests: the system's (Debian package <c>chromium</c>), installed with
/// <c>apt-get</c> when it is missing and the tests run as root, driven by Playwright through its
/// <c>ExecutablePath</c> (Playwright's own browser download is never used). Where no browser can be had, the
/// tests fail with the reason, unless <c>GEN0_NO_BROWSER=1</c> says the machine has none on purpose.
/// </summary>
public sealed class ChromiumFixture : IAsyncLifetime
{
    public static readonly string[] Candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

    private IPlaywright? _playwright;

    public IBrowser? Browser { get; private set; }

    /// <summary>Why there is no browser; <see langword="null"/> when there is one.</summary>
    public string? Unavailable { get; private set; }

    public static bool OptedOut => Environment.GetEnvironmentVariable("GEN0_NO_BROWSER") == "1";

    public async Task InitializeAsync()
    {
        string? executable = Candidates.FirstOrDefault(File.Exists) ?? TryInstall();
        if (executable is null)
        {
            Unavailable = "no chromium in " + string.Join(", ", Candidates) + " and 'apt-get install -y chromium' did not provide one (run it as root, or set GEN0_NO_BROWSER=1 to skip the browser checks)";
            return;
        }

        _playwright = await Playwright.CreateAsync();
        Browser = await _playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
        {
            ExecutablePath = executable,
            Headless = true,
            Args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
            Timeout = 60_000,
        });
    }

    public async Task DisposeAsync()
    {
        if (Browser is not null)
        {
            await Browser.DisposeAsync();
        }

        _playwright?.Dispose();
    }

    private static string? TryInstall()
    {
        if (OptedOut || !OperatingSystem.IsLinux() || !File.Exists("/usr/bin/apt-get") || Environment.UserName != "root")
        {
            return null;
        }

        foreach (string[] command in new[] { new[] { "update" }, new[] { "install", "-y", "chromium" } })
        {
            var start = new ProcessStartInfo("/usr/bin/apt-get") { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (string argument in command)
            {
                start.ArgumentList.Add(argument);
            }

            start.Environment["DEBIAN_FRONTEND"] = "noninteractive";
            using Process apt = Process.Start(start)!;
            Task<string> output = apt.StandardOutput.ReadToEndAsync();
            Task<string> errors = apt.StandardError.ReadToEndAsync();
            if (!apt.WaitForExit(TimeSpan.FromMinutes(4)))
            {
                apt.Kill(entireProcessTree: true);
                return null;
            }

            GC.KeepAlive(output);
            GC.KeepAlive(errors);
            if (apt.ExitCode != 0)
            {
                return null;
            }
        }

        return Candidates.FirstOrDefault(File.Exists);
    }
}

[CollectionDefinition(Name)]
public sealed class ChromiumCollection : ICollectionFixture<ChromiumFixture>
{
    public const string Name = "Headless Chromium";
}
