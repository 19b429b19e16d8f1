namespace Gen0.Tests.Infrastructure;

/// <summary>A failure of a seeded test (<see cref="Seeds.Run"/>): the message names the seed, the inner exception is the failure.</summary>
public sealed class SeededFailureException : Exception
{
    /// <summary>Initializes the exception.</summary>
    /// <param name="message">The seed and the failure's message.</param>
    /// <param name="inner">The failure.</param>
    public SeededFailureException(string message, Exception inner)
        : base(message, inner)
    {
    }
}
