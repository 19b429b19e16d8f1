using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>
/// Issue 25, fault injection: <see cref="GcMonitor"/>'s XML docs promise that every member is thread-safe. Several
/// threads poll, snapshot, read the alerts and options, and collect the meter's observable instruments while another
/// thread disposes the monitor (with the timer and the event recorder on): every call either works or throws
/// <see cref="ObjectDisposedException"/> (only <c>Poll</c> and <c>Snapshot</c> may), nothing hangs, and after the
/// dispose the monitor stays disposed.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class GcMonitorDisposeRaceTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void PolledFromSeveralThreadsWhileDisposed_EveryCallWorksOrThrowsObjectDisposed(bool trackInduced)
    {
        for (int round = 0; round < 20; round++)
        {
            var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.FromMilliseconds(1), TrackInducedCollections = trackInduced && round % 4 == 0 });
            using var meterListener = new MeterListener();
            meterListener.InstrumentPublished = (instrument, listener) =>
            {
                if (ReferenceEquals(instrument.Meter, monitor.Meter))
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            meterListener.SetMeasurementEventCallback<double>(static (_, _, _, _) => { });
            meterListener.SetMeasurementEventCallback<long>(static (_, _, _, _) => { });
            meterListener.SetMeasurementEventCallback<int>(static (_, _, _, _) => { });
            meterListener.Start();

            var failures = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
            int disposedSeen = 0;
            using var start = new Barrier(5);
            var threads = new List<Thread>();
            for (int t = 0; t < 4; t++)
            {
                int kind = t;
                threads.Add(new Thread(() =>
                {
                    start.SignalAndWait(TimeSpan.FromSeconds(30));
                    for (int i = 0; i < 200; i++)
                    {
                        try
                        {
                            switch ((kind + i) % 5)
                            {
                                case 0:
                                    monitor.Poll();
                                    break;
                                case 1:
                                    Assert.NotNull(monitor.Snapshot());
                                    break;
                                case 2:
                                    Assert.NotNull(monitor.ActiveAlerts);
                                    break;
                                case 3:
                                    Assert.NotNull(monitor.Options);
                                    break;
                                default:
                                    meterListener.RecordObservableInstruments();
                                    break;
                            }
                        }
                        catch (ObjectDisposedException) when ((kind + i) % 5 is 0 or 1)
                        {
                            Interlocked.Increment(ref disposedSeen);
                        }
                        catch (Exception ex)
                        {
                            failures.Enqueue(ex);
                        }
                    }
                })
                { IsBackground = true, Name = $"GcMonitor race {t}" });
            }

            threads.ForEach(t => t.Start());
            start.SignalAndWait(TimeSpan.FromSeconds(30));
            Thread.Yield();
            monitor.Dispose();
            foreach (Thread thread in threads)
            {
                Assert.True(thread.Join(TimeSpan.FromSeconds(30)), $"{thread.Name} hung");
            }

            Assert.True(failures.IsEmpty, string.Join(Environment.NewLine, failures));
            Assert.Throws<ObjectDisposedException>(monitor.Poll);
            Assert.Throws<ObjectDisposedException>(() => monitor.Snapshot());
            monitor.Dispose();
        }
    }
}
