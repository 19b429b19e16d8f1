namespace Gen0;

/// <summary>netstandard2.0: <c>SpinWait.SpinOnce(int sleep1Threshold)</c> (.NET Core 3.0).</summary>
internal static class SpinWaitPolyfills
{
    extension(ref SpinWait spinner)
    {
        /// <summary>Degrades: netstandard2.0's <see cref="SpinWait"/> cannot be told not to sleep, so this is <see cref="SpinWait.SpinOnce()"/> (which may sleep 1 ms after many spins).</summary>
        /// <param name="sleep1Threshold">Ignored.</param>
        public void SpinOnce(int sleep1Threshold)
        {
            _ = sleep1Threshold;
            spinner.SpinOnce();
        }
    }
}
