using System.Diagnostics;
using System.Globalization;
using System.Net;

namespace Gen0.WebDemo;

/// <summary>
/// A bounded HTTP load generator on loopback: <c>connections</c> workers, each with its own connection, request the
/// endpoint back to back for a warm-up (not measured) and then a fixed duration, and stop by themselves.
/// </summary>
public static class LoadGenerator
{
    private static readonly Uri s_uploadPath = new("/upload", UriKind.Relative);

    /// <summary>
    /// Loads <paramref name="endpoint"/>; when <paramref name="processId"/> is given, that process's memory is sampled
    /// from outside over the measured phase (<see cref="MemorySampler"/>), and read once before the warm-up.
    /// </summary>
    public static async Task<LoadResult> RunAsync(Uri server, string endpoint, DemoOptions options, Func<Task<ServerStats>> stats, int? processId = null)
    {
        if (!IPAddress.IsLoopback(IPAddress.Parse(server.Host)))
        {
            throw new InvalidOperationException("The load generator only targets loopback addresses.");
        }

        using SocketsHttpHandler handler = new()
        {
            MaxConnectionsPerServer = options.Connections,
            PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
            UseProxy = false,
            AutomaticDecompression = DecompressionMethods.None,
        };
        using HttpClient client = new(handler) { BaseAddress = server, Timeout = TimeSpan.FromSeconds(30) };
        string path = $"/records/{endpoint}?count={options.Records}&offset=";
        byte[]? upload = options.UploadMegabytes > 0 ? UploadBody(options.UploadMegabytes) : null;

        ServerStats idle = await stats();
        long idlePrivate = processId is int id && MemorySampler.Read(id) is { } idleReading ? idleReading.Private : 0;
        await RunPhaseAsync(client, path, upload, options.Connections, options.Rate, TimeSpan.FromSeconds(options.WarmupSeconds), measure: false);
        ServerStats before = await stats();
        using MemorySampler? sampler = processId is int pid ? new MemorySampler(pid) : null;
        sampler?.Start();
        (long requests, long errors, List<double> latencies, double seconds) =
            await RunPhaseAsync(client, path, upload, options.Connections, options.Rate, TimeSpan.FromSeconds(options.DurationSeconds), measure: true);
        MemorySample? memory = sampler?.Stop();
        ServerStats after = await stats();
        ServerStats? afterIdle = null;
        long afterIdlePrivate = 0;
        if (options.IdleSeconds > 0)
        {
            // No load at all: what the server keeps once a burst is over (pools trimmed or not, heap collected or not).
            await Task.Delay(TimeSpan.FromSeconds(options.IdleSeconds));
            afterIdle = await stats();
            afterIdlePrivate = processId is int idleId && MemorySampler.Read(idleId) is { } idleAfter ? idleAfter.Private : 0;
        }

        latencies.Sort();
        return new LoadResult(
            endpoint,
            requests,
            errors,
            seconds,
            latencies.Count == 0 ? 0 : latencies.Average(),
            Percentile(latencies, 0.95),
            Percentile(latencies, 0.99),
            before,
            after,
            idle,
            memory,
            idlePrivate,
            afterIdle,
            afterIdlePrivate);
    }

    private static async Task<(long Requests, long Errors, List<double> Latencies, double Seconds)> RunPhaseAsync(
        HttpClient client, string path, byte[]? upload, int connections, int rate, TimeSpan duration, bool measure)
    {
        if (duration <= TimeSpan.Zero)
        {
            return (0, 0, [], 0);
        }

        long started = Stopwatch.GetTimestamp();
        long stopAt = started + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        long errors = 0;
        long ticket = -1;
        double ticksPerRequest = rate > 0 ? (double)Stopwatch.Frequency / rate : 0;
        List<double>[] perWorker = new List<double>[connections];
        Task[] workers = new Task[connections];
        for (int w = 0; w < connections; w++)
        {
            List<double> mine = perWorker[w] = new List<double>(capacity: 4096);
            int worker = w;
            workers[w] = Task.Run(async () =>
            {
                byte[] buffer = new byte[64 * 1024];
                int sequence = worker * 7_919;
                while (Stopwatch.GetTimestamp() < stopAt)
                {
                    long begin = Stopwatch.GetTimestamp();
                    if (rate > 0)
                    {
                        // Fixed rate: request n is due at start + n / rate, whichever worker sends it; its latency
                        // counts from when it was due, so a server that falls behind is not flattered.
                        long due = started + (long)(Interlocked.Increment(ref ticket) * ticksPerRequest);
                        if (due >= stopAt)
                        {
                            break;
                        }

                        TimeSpan wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), due);
                        if (wait > TimeSpan.Zero)
                        {
                            await Task.Delay(wait);
                        }

                        begin = due;
                    }

                    try
                    {
                        if (upload is not null)
                        {
                            // The server answers with how many bytes it read: all of them, or it is an error.
                            using HttpResponseMessage uploaded = await client.PostAsync(s_uploadPath, new ByteArrayContent(upload));
                            string read = await uploaded.Content.ReadAsStringAsync();
                            if (uploaded.StatusCode != HttpStatusCode.OK || read != upload.Length.ToString(CultureInfo.InvariantCulture))
                            {
                                Interlocked.Increment(ref errors);
                                continue;
                            }
                        }
                        else
                        {
                            using HttpResponseMessage response = await client.GetAsync(path + sequence++, HttpCompletionOption.ResponseHeadersRead);
                            await using Stream body = await response.Content.ReadAsStreamAsync();
                            long length = 0;
                            int read;
                            while ((read = await body.ReadAsync(buffer)) > 0)
                            {
                                length += read;
                            }

                            if (response.StatusCode != HttpStatusCode.OK || length == 0)
                            {
                                Interlocked.Increment(ref errors);
                                continue;
                            }
                        }
                    }
                    catch (HttpRequestException)
                    {
                        Interlocked.Increment(ref errors);
                        continue;
                    }

                    if (measure)
                    {
                        mine.Add(Stopwatch.GetElapsedTime(begin).TotalMilliseconds);
                    }
                }
            });
        }

        await Task.WhenAll(workers);
        double seconds = Stopwatch.GetElapsedTime(started).TotalSeconds;
        List<double> latencies = [.. perWorker.SelectMany(list => list)];
        return (latencies.Count, errors, latencies, seconds);
    }

    /// <summary>An upload body: not all zeros, the same for every request (the client reuses it; the server drops it).</summary>
    private static byte[] UploadBody(int megabytes)
    {
        byte[] body = new byte[megabytes << 20];
        new Random(42).NextBytes(body);
        return body;
    }

    private static double Percentile(List<double> sorted, double percentile)
    {
        if (sorted.Count == 0)
        {
            return 0;
        }

        int index = (int)Math.Ceiling(percentile * sorted.Count) - 1;
        return sorted[Math.Clamp(index, 0, sorted.Count - 1)];
    }
}
