namespace Gen0.AspNetCore;

/// <summary>
/// Stands for the Gen0 section itself in the options system, so that a misspelt section under it (<c>ArrayPol</c>)
/// fails start-up like a bad value does. It has no settings.
/// </summary>
internal sealed class Gen0RootOptions
{
}
