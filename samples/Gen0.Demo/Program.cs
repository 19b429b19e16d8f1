// The main job: a service-like workload run naive and with Gen0, side by side, with a GC report.
// Issue #10 grows this into the full comparison; until the packages it uses land, it says what it will show.
Console.WriteLine("Gen0 demo: a service-like workload, run twice in child processes —");
Console.WriteLine("  baseline: List<T>, HashSet<T>, MemoryStream, new byte[], ToArray()");
Console.WriteLine("  gen0:     ChunkedList/ChunkedHashSet, PooledList, ScalableArrayPool, Pool<T>, PooledMemoryStream, Base64EncodingStream, DisposeScope");
Console.WriteLine("and compared: requests/s, latency, allocated bytes per request, gen 0/1/2 collections, % time in GC, LOH bytes.");
Console.WriteLine($"Runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}, {Environment.ProcessorCount} cores, server GC: {System.Runtime.GCSettings.IsServerGC}");
