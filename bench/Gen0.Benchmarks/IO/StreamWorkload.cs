namespace Gen0.Benchmarks.IO;

/// <summary>The stream benchmarks' common workload: write a payload in fixed-size writes, rewind, read it back.</summary>
internal static class StreamWorkload
{
    /// <summary>Writes <paramref name="size"/> bytes in writes of <paramref name="chunk"/>'s length, then reads them back into <paramref name="readBuffer"/>.</summary>
    /// <returns>A checksum, so that the work cannot be optimized away.</returns>
    public static long WriteThenRead(Stream stream, int size, byte[] chunk, byte[] readBuffer)
    {
        for (int written = 0; written < size; written += chunk.Length)
        {
            stream.Write(chunk, 0, Math.Min(chunk.Length, size - written));
        }

        stream.Position = 0;
        long sum = 0;
        int read;
        while ((read = stream.Read(readBuffer, 0, readBuffer.Length)) > 0)
        {
            sum += readBuffer[0] + read;
        }

        return sum;
    }
}
