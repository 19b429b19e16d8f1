namespace Gen0.Scopes;

/// <summary>
/// Registers objects in the ambient <see cref="DisposeScope"/> (<see cref="DisposeScope.Current"/>), to be disposed
/// when it ends.
/// </summary>
public static class DisposeScopeExtensions
{
    /// <summary>
    /// Registers <paramref name="disposable"/> in the ambient scope and returns it, so that creation and registration
    /// read as one expression: <c>var list = source.ToPooledList().RegisterDisposeScope();</c>.
    /// </summary>
    /// <typeparam name="T">The type of the object. A struct (for example a lease) is boxed: the scope owns and disposes
    /// the boxed copy, so the returned value must not be disposed as well, and changes made to it after registration
    /// are not seen by the copy.</typeparam>
    /// <param name="disposable">The object to dispose when the ambient scope ends.</param>
    /// <returns><paramref name="disposable"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="disposable"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope and
    /// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/> is <see langword="true"/>; when it is
    /// <see langword="false"/> the object is returned unregistered.</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has already ended: this code outlived it.</exception>
    public static T RegisterDisposeScope<T>(this T disposable)
        where T : IDisposable
    {
        if (disposable is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(disposable));
        }

        DisposeScope.RegisterInAmbient(disposable);
        return disposable;
    }

    /// <summary>
    /// Registers an <see cref="IAsyncDisposable"/> in <paramref name="scope"/>, or in the ambient scope when it is
    /// <see langword="null"/>, and returns it. The scope awaits its <c>DisposeAsync</c> when it ends with
    /// <see cref="DisposeScope.DisposeAsync"/>. A type that implements <see cref="IDisposable"/> as well binds to the
    /// other overload; the scope still calls <c>DisposeAsync</c> on it when it ends asynchronously.
    /// </summary>
    /// <typeparam name="T">The type of the object; a struct is boxed (see the other overload).</typeparam>
    /// <param name="disposable">The object to dispose when the scope ends.</param>
    /// <param name="scope">The scope to register in; <see langword="null"/> (the default) for the ambient scope.</param>
    /// <returns><paramref name="disposable"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="disposable"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope and
    /// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/> is <see langword="true"/>.</exception>
    /// <exception cref="ObjectDisposedException">The scope has already ended.</exception>
    public static T RegisterDisposeScope<T>(this T disposable, DisposeScope? scope = null)
        where T : IAsyncDisposable
    {
        if (disposable is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(disposable));
        }

        if (scope is null)
        {
            DisposeScope.RegisterInAmbient(disposable);
        }
        else
        {
            scope.RegisterAsyncDisposable(disposable);
        }

        return disposable;
    }

    /// <summary>
    /// Registers an object this library just created for the caller; if registration fails (no scope, an ended scope)
    /// the object is disposed before the exception propagates, so its pooled storage is not lost.
    /// </summary>
    internal static T RegisterCreated<T>(T created)
        where T : IDisposable
    {
        try
        {
            DisposeScope.RegisterInAmbient(created);
            return created;
        }
        catch
        {
            created.Dispose();
            throw;
        }
    }
}
