namespace Gen0.Scopes;

/// <summary>
/// How <see cref="DisposeScope.BeginScope(DisposeScopeOption)"/> relates the new scope to the ambient one, with the
/// meanings that <c>System.Transactions.TransactionScopeOption</c> gives its members.
/// </summary>
public enum DisposeScopeOption
{
    /// <summary>
    /// Join the ambient scope when there is a live one (registrations go to it and are disposed when it ends);
    /// otherwise start a new scope. This is the default.
    /// </summary>
    Required = 0,

    /// <summary>Always start a new scope, which becomes the ambient one until it ends, whatever the ambient scope is.</summary>
    RequiresNew = 1,

    /// <summary>
    /// Hide the ambient scope until this scope ends: inside it <see cref="DisposeScope.Current"/> is <see langword="null"/>
    /// and registrations behave as they do with no scope. Use it around work that outlives the ambient scope (a task
    /// that is not awaited), and begin a new scope inside that work.
    /// </summary>
    Suppress = 2,
}
