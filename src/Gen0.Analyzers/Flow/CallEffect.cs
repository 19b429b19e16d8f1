namespace Gen0.Analyzers.Flow;

/// <summary>What a method of the compilation does, on every normal path, with a rental passed to one of its parameters.</summary>
internal enum CallEffect
{
    /// <summary>Uses it during the call only: the caller still owns it.</summary>
    Borrow,

    /// <summary>Returns it to its pool (or disposes it) on every normal path.</summary>
    Release,

    /// <summary>Keeps it, hands it on, or releases it on some paths only: the caller no longer decides.</summary>
    Escape,
}
