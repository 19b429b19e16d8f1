namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>The failure a <see cref="FaultPlan"/> injects: a rent, a comparison or a hash that throws.</summary>
public sealed class InjectedFaultException : Exception
{
    /// <summary>Initializes the exception.</summary>
    /// <param name="message">Which call failed.</param>
    public InjectedFaultException(string message)
        : base(message)
    {
    }
}
