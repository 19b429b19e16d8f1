using Gen0.Tool.Attach;

namespace Gen0.Tool.Tests;

/// <summary>
/// A killed .NET process leaves its diagnostic socket in the temporary folder; a later process that gets the same id
/// (a clean-clone CI run launched <c>true</c> under one) was taken for a .NET program, and <c>diagnose -- true</c>
/// then failed with "process exited" (exit 3) instead of "not a .NET program" (exit 6).
/// </summary>
public sealed class StaleDiagnosticPortTests
{
    [Fact]
    public void AStaleSocketOfAnEarlierProcessWithTheSameId_IsNotTakenForTheNewProcess()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // named pipes, no socket files
        }

        // An id no process has now (ids wrap far below this on Linux's default pid_max of 4,194,304).
        const int processId = 4_190_001;
        string socket = Path.Combine(Path.GetTempPath(), $"dotnet-diagnostic-{processId}-12345-socket");
        File.WriteAllText(socket, string.Empty);
        try
        {
            File.SetLastWriteTimeUtc(socket, DateTime.UtcNow.AddMinutes(-10));

            // The diagnostics client lists such a socket whenever a live process has the id (what the launcher asked
            // before); written before a process started now, it is not that process's port.
            Assert.False(ProcessCatalog.HasDiagnosticPortSince(processId, DateTime.UtcNow));
            Assert.True(ProcessCatalog.HasDiagnosticPortSince(processId, DateTime.UtcNow.AddMinutes(-11)));
        }
        finally
        {
            File.Delete(socket);
        }
    }

    [Fact]
    public void ThisProcesssOwnPort_CountsForItsStart_NotForALaterOne()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        Assert.True(ProcessCatalog.HasDiagnosticPortSince(Environment.ProcessId, DateTime.UtcNow.AddHours(-1)));
        Assert.False(ProcessCatalog.HasDiagnosticPortSince(Environment.ProcessId, DateTime.UtcNow.AddMinutes(5)));
    }
}
