using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.Scopes;

/// <summary>
/// A scope that disposes the objects registered in it when it ends, so that pooled objects handed across method
/// boundaries (a <c>PooledList&lt;T&gt;</c> returned from a data layer, an action result serialized by ASP.NET Core)
/// go back to their pools without a <see langword="using"/> at every place they are used.
/// </summary>
/// <remarks>
/// <para>
/// The design problem: ownership of a pooled object often ends far from where it was created, and a forgotten
/// <c>Dispose</c> silently turns a pool back into allocations. A scope is begun once, high in the call stack (or per
/// HTTP request by <c>app.UseDisposeScope()</c>), becomes the <em>ambient</em> scope of everything that runs inside
/// it, including awaited tasks, and code anywhere below calls <c>x.RegisterDisposeScope()</c>.
/// </para>
/// <para>
/// The ambient scope flows with the <see cref="ExecutionContext"/> (an <see cref="AsyncLocal{T}"/>), as
/// <c>Transaction.Current</c> does under <c>TransactionScopeAsyncFlowOption.Enabled</c>: a registration inside an
/// awaited <c>Task.Run</c> joins the scope. <see cref="BeginScope(DisposeScopeOption)"/> follows
/// <c>TransactionScopeOption</c>: <see cref="DisposeScopeOption.Required"/> joins a live ambient scope (the handle it
/// returns owns nothing and ending it disposes nothing) or starts one; <see cref="DisposeScopeOption.RequiresNew"/>
/// always starts one; <see cref="DisposeScopeOption.Suppress"/> hides the ambient scope.
/// </para>
/// <para>Invariants:</para>
/// <list type="bullet">
/// <item>Registration is thread-safe, lock-free (one interlocked increment) and allocates nothing: the first four
/// registrations live inside the scope object, the rest in pooled segments of doubling length. Objects are disposed in reverse order of
/// registration, each exactly once, every one of them even when some throw; the failures are then thrown together
/// as one <see cref="AggregateException"/>.</item>
/// <item>A scope ends once; ending it again does nothing. Registering into an ended scope throws
/// <see cref="ObjectDisposedException"/>: a task that outlived its scope is reported, not left to have its objects
/// disposed under it or leaked.</item>
/// <item>Ending a scope restores the ambient scope that was current when it began before any object is disposed, so
/// the ambient scope is right even when disposal throws. If scopes end out of order, an ended scope is never
/// restored as the ambient one: the restore skips to the nearest enclosing scope that is still live. A scope
/// ended from another execution flow (as the ASP.NET Core middleware does after the response) leaves that flow's
/// ambient scope alone.</item>
/// <item><see cref="Dispose"/> of a scope holding objects that implement only <see cref="IAsyncDisposable"/> calls
/// their <c>DisposeAsync</c> and blocks until it completes, with the <see cref="SynchronizationContext"/> cleared
/// so that it cannot deadlock on a UI or legacy ASP.NET context. Every object is returned; prefer
/// <see langword="await using"/> (<see cref="DisposeAsync"/>) for such scopes so that no thread blocks.</item>
/// </list>
/// </remarks>
[DebuggerDisplay("Option = {Option}, Count = {Count}, IsDisposed = {IsDisposed}")]
public sealed partial class DisposeScope : IDisposable, IAsyncDisposable
{
    private static readonly AsyncLocal<DisposeScope?> s_ambient = new();
    private static volatile bool s_throwWhenNoScope = true;

    // The scope a Required handle joined: registrations through the handle go there. Null for scopes that own
    // their registrations (a started Required scope, RequiresNew) and for Suppress.
    private readonly DisposeScope? _owner;

    // The ambient scope when this one was begun, restored when it ends; only for scopes that changed the ambient.
    private readonly DisposeScope? _previous;

    private readonly DisposeScopeOption _option;

    private DisposeScope(DisposeScopeOption option, DisposeScope? owner, DisposeScope? previous)
    {
        _option = option;
        _owner = owner;
        _previous = previous;
    }

    /// <summary>
    /// Gets or sets whether registering an object while there is no ambient scope throws
    /// <see cref="InvalidOperationException"/> (<see langword="true"/>, the default) or does nothing and returns the
    /// object unregistered (<see langword="false"/>). Process-wide, as in Dispose.Scope.
    /// </summary>
    public static bool ThrowExceptionWhenNotHaveDisposeScope
    {
        get => s_throwWhenNoScope;
        set => s_throwWhenNoScope = value;
    }

    /// <summary>
    /// Gets the ambient scope, the one that <c>RegisterDisposeScope()</c> registers into: <see langword="null"/> when
    /// no scope was begun in this execution flow or a <see cref="DisposeScopeOption.Suppress"/> scope hides it. Inside
    /// a joined <see cref="DisposeScopeOption.Required"/> scope this is the scope that was joined. In code that
    /// outlived its scope (a task that was not awaited) this can be a scope whose <see cref="IsDisposed"/> is
    /// <see langword="true"/>.
    /// </summary>
    public static DisposeScope? Current
    {
        get
        {
            DisposeScope? ambient = s_ambient.Value;
            return ambient is null || ambient._option == DisposeScopeOption.Suppress ? null : ambient;
        }
    }

    /// <summary>Gets the option this scope was begun with.</summary>
    public DisposeScopeOption Option => _option;

    /// <summary>Gets whether this scope has ended (was disposed).</summary>
    public bool IsDisposed => Volatile.Read(ref _state) < 0;

    /// <summary>
    /// Gets the number of objects waiting to be disposed in the scope that registrations through this one go to: this
    /// scope, or for a joined <see cref="DisposeScopeOption.Required"/> scope the scope it joined; 0 for
    /// <see cref="DisposeScopeOption.Suppress"/> and after the scope has ended.
    /// </summary>
    public int Count => Math.Max(Volatile.Read(ref (_owner ?? this)._state), 0);

    /// <summary>
    /// Begins a scope and, unless it joins the ambient one, makes it the ambient scope of the current execution flow
    /// until it is disposed. Dispose it with <see langword="using"/> or <see langword="await using"/> in the same method.
    /// </summary>
    /// <param name="option">How the scope relates to the ambient one; <see cref="DisposeScopeOption.Required"/> by default.</param>
    /// <returns>The scope; disposing it ends it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="option"/> is not a defined value.</exception>
    public static DisposeScope BeginScope(DisposeScopeOption option = DisposeScopeOption.Required)
    {
        DisposeScope? ambient = s_ambient.Value;
        switch (option)
        {
            case DisposeScopeOption.Required:
                // Join only a scope that can still take registrations; an ended one (code that outlived its scope)
                // or a Suppress scope means there is nothing to join.
                if (ambient is not null && ambient._option != DisposeScopeOption.Suppress && !ambient.IsDisposed)
                {
                    return new DisposeScope(option, ambient, previous: null);
                }

                break;
            case DisposeScopeOption.RequiresNew:
            case DisposeScopeOption.Suppress:
                break;
            default:
                ThrowInvalidOption(option);
                break;
        }

        DisposeScope scope = new(option, owner: null, ambient);
        s_ambient.Value = scope;
        return scope;
    }

    /// <summary>
    /// Registers <paramref name="disposable"/> in this scope (or, for a joined <see cref="DisposeScopeOption.Required"/>
    /// scope, in the scope it joined), to be disposed when that scope ends.
    /// </summary>
    /// <typeparam name="T">The type of the object. A struct is boxed: the scope disposes the boxed copy, so the
    /// original must not be disposed as well.</typeparam>
    /// <param name="disposable">The object to dispose when the scope ends.</param>
    /// <returns><paramref name="disposable"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="disposable"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The scope has ended.</exception>
    /// <exception cref="InvalidOperationException">This is a <see cref="DisposeScopeOption.Suppress"/> scope.</exception>
    public T Register<T>(T disposable)
        where T : IDisposable => RegisterCore(disposable);

    /// <summary>
    /// Registers <paramref name="disposable"/>, whose <see cref="IAsyncDisposable.DisposeAsync"/> the scope awaits when
    /// it ends with <see cref="DisposeAsync"/> (and blocks on when it ends with <see cref="Dispose"/>).
    /// </summary>
    /// <typeparam name="T">The type of the object. A struct is boxed: the scope disposes the boxed copy.</typeparam>
    /// <param name="disposable">The object to dispose when the scope ends.</param>
    /// <returns><paramref name="disposable"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="disposable"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The scope has ended.</exception>
    /// <exception cref="InvalidOperationException">This is a <see cref="DisposeScopeOption.Suppress"/> scope.</exception>
    public T RegisterAsyncDisposable<T>(T disposable)
        where T : IAsyncDisposable => RegisterCore(disposable);

    /// <summary>
    /// Ends the scope: restores the ambient scope, then disposes the registered objects in reverse order of
    /// registration. Objects that implement only <see cref="IAsyncDisposable"/> are disposed by blocking on their
    /// <c>DisposeAsync</c> (see the remarks on <see cref="DisposeScope"/>). Calling it again does nothing.
    /// </summary>
    /// <exception cref="AggregateException">One or more objects threw from their disposal; all were disposed.</exception>
    public void Dispose()
    {
        int count = TryEnd();
        if (count <= 0)
        {
            return;
        }

        WaitForRegistrations(count);
        List<Exception>? errors = null;
        for (int i = count - 1; i >= 0; i--)
        {
            object? item = TakeAt(i);
            try
            {
                if (item is null)
                {
                    continue; // a registration that failed to store its object (and threw to its caller)
                }

                if (item is IDisposable disposable)
                {
                    disposable.Dispose();
                }
                else
                {
                    DisposeBlocking((IAsyncDisposable)item);
                }
            }
            catch (Exception exception)
            {
                (errors ??= []).Add(exception);
            }
        }

        ReleaseStorage();
        if (errors is not null)
        {
            ThrowDisposeFailed(errors);
        }
    }

    /// <summary>
    /// Ends the scope: restores the ambient scope, then disposes the registered objects in reverse order of
    /// registration, awaiting <see cref="IAsyncDisposable.DisposeAsync"/> for those that implement it. Calling it again
    /// does nothing.
    /// </summary>
    /// <returns>A task that completes when every object has been disposed; it faults with an
    /// <see cref="AggregateException"/> when one or more objects threw (all were disposed).</returns>
    public ValueTask DisposeAsync()
    {
        // Not an async method: the ambient scope must be restored in the caller's execution context, and changes an
        // async method makes to an AsyncLocal do not flow back to its caller.
        int count = TryEnd();
        if (count <= 0)
        {
            return default;
        }

        // Objects are disposed synchronously until one's DisposeAsync is still pending, and only then does an async
        // continuation take over: a scope of IDisposable objects (the common case) ends under `await using` with no
        // state machine and no allocation, as fast as under `using`.
        WaitForRegistrations(count);
        List<Exception>? errors = null;
        for (int i = count - 1; i >= 0; i--)
        {
            ValueTask pending = default;
            try
            {
                switch (TakeAt(i))
                {
                    case IAsyncDisposable asyncDisposable:
                        pending = asyncDisposable.DisposeAsync();
                        break;
                    case IDisposable disposable:
                        disposable.Dispose();
                        break;
                }

                if (pending.IsCompleted)
                {
                    pending.GetAwaiter().GetResult();
                    continue;
                }
            }
            catch (Exception exception)
            {
                (errors ??= []).Add(exception);
                continue;
            }

            return DisposeRemainingAsync(pending, i, errors);
        }

        ReleaseStorage();
        return errors is null ? default : ValueTask.FromException(CreateDisposeFailed(errors));
    }

    /// <summary>Registers <paramref name="item"/> in the ambient scope (the registration extensions end here).</summary>
    internal static void RegisterInAmbient(object item)
    {
        DisposeScope? ambient = s_ambient.Value;
        if (ambient is null || ambient._option == DisposeScopeOption.Suppress)
        {
            if (s_throwWhenNoScope)
            {
                ThrowNoAmbientScope();
            }

            return;
        }

        ambient.Add(item);
    }

    /// <summary>Awaits <paramref name="pending"/> (the disposal of the object at <paramref name="index"/>), then disposes the objects below it.</summary>
    private async ValueTask DisposeRemainingAsync(ValueTask pending, int index, List<Exception>? errors)
    {
        try
        {
            await pending.ConfigureAwait(false);
        }
        catch (Exception exception)
        {
            (errors ??= []).Add(exception);
        }

        for (int i = index - 1; i >= 0; i--)
        {
            try
            {
                switch (TakeAt(i))
                {
                    case IAsyncDisposable asyncDisposable:
                        await asyncDisposable.DisposeAsync().ConfigureAwait(false);
                        break;
                    case IDisposable disposable:
                        disposable.Dispose();
                        break;
                }
            }
            catch (Exception exception)
            {
                (errors ??= []).Add(exception);
            }
        }

        ReleaseStorage();
        if (errors is not null)
        {
            throw CreateDisposeFailed(errors);
        }
    }

    private static void DisposeBlocking(IAsyncDisposable item)
    {
        // Cleared so that continuations inside DisposeAsync run on the thread pool instead of being posted to a
        // context whose only thread is the one blocked here.
        SynchronizationContext? context = SynchronizationContext.Current;
        ValueTask pending;
        try
        {
            SynchronizationContext.SetSynchronizationContext(null);
            pending = item.DisposeAsync();
        }
        finally
        {
            SynchronizationContext.SetSynchronizationContext(context);
        }

        if (pending.IsCompleted)
        {
            pending.GetAwaiter().GetResult();
        }
        else
        {
            pending.AsTask().GetAwaiter().GetResult();
        }
    }

    /// <summary>Registers an object the public overloads have constrained to a disposable type.</summary>
    private T RegisterCore<T>(T disposable)
    {
        if (disposable is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(disposable));
        }

        RegistrationTarget().Add(disposable);
        return disposable;
    }

    private DisposeScope RegistrationTarget()
    {
        if (_owner is not null)
        {
            if (IsDisposed)
            {
                ThrowScopeEnded();
            }

            return _owner;
        }

        if (_option == DisposeScopeOption.Suppress)
        {
            ThrowRegisterInSuppress();
        }

        return this;
    }

    /// <summary>
    /// Marks the scope ended (once) and restores the ambient scope; returns how many objects were registered, or -1 when
    /// it had already ended.
    /// </summary>
    private int TryEnd()
    {
        int count = MarkEnded();
        if (count < 0)
        {
            return -1;
        }

        // A joined Required scope never changed the ambient scope; the others restore it only when they are still the
        // ambient scope of this flow (not when ended out of order, nor from another flow).
        if (_owner is null && ReferenceEquals(s_ambient.Value, this))
        {
            DisposeScope? previous = _previous;
            while (previous is not null && previous.IsDisposed)
            {
                previous = previous._previous;
            }

            s_ambient.Value = previous;
        }

        return count;
    }

    [DoesNotReturn]
    private static void ThrowNoAmbientScope() =>
        throw new InvalidOperationException(
            "There is no ambient DisposeScope to register the object in. Begin one around this code with " +
            "'using var scope = DisposeScope.BeginScope();' (in ASP.NET Core, app.UseDisposeScope() begins one per request), " +
            "or set DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = false to make registering without a scope a no-op.");

    [DoesNotReturn]
    private static void ThrowScopeEnded() =>
        throw new ObjectDisposedException(
            nameof(DisposeScope),
            "The DisposeScope has already ended, so the object cannot be registered in it: this code runs after the scope " +
            "it flowed from was disposed (typically a Task started inside the scope and not awaited before the scope ended). " +
            "Start such work inside 'using (DisposeScope.BeginScope(DisposeScopeOption.Suppress))' and begin a new scope " +
            "inside the task, or await the task before the scope ends.");

    [DoesNotReturn]
    private static void ThrowRegisterInSuppress() =>
        throw new InvalidOperationException(
            "A DisposeScope begun with DisposeScopeOption.Suppress holds no objects. Register in a scope begun with " +
            "Required or RequiresNew.");

    [DoesNotReturn]
    private static void ThrowInvalidOption(DisposeScopeOption option) =>
        throw new ArgumentOutOfRangeException(
            nameof(option), option, "The value is not a defined DisposeScopeOption: use Required, RequiresNew or Suppress.");

    [DoesNotReturn]
    private static void ThrowDisposeFailed(List<Exception> errors) => throw CreateDisposeFailed(errors);

    private static AggregateException CreateDisposeFailed(List<Exception> errors) =>
        new(
            "One or more objects registered in the DisposeScope threw while being disposed; every registered object was disposed.",
            errors);
}
