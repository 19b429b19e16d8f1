using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// Which operations create, release, register, view or hand over pooled resources. The flow analysis asks it about
/// every operation it meets; it knows nothing about control flow itself.
/// </summary>
internal sealed class OwnershipModel
{
    public OwnershipModel(KnownTypes types) => Types = types;

    public KnownTypes Types { get; }

    public static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } or IConversionOperation { Conversion.IsUserDefined: false } or IParenthesizedOperation
            or IDeclarationExpressionOperation)
        {
            operation = operation switch
            {
                IConversionOperation conversion => conversion.Operand,
                IParenthesizedOperation parenthesized => parenthesized.Operand,
                IDeclarationExpressionOperation declaration => declaration.Expression,
                _ => operation,
            };
        }

        return operation;
    }

    /// <summary>Walks up from a value through the conversions and parentheses that wrap it.</summary>
    public static IOperation OutermostWrapper(IOperation operation)
    {
        while (operation.Parent is IConversionOperation or IParenthesizedOperation or IDeclarationExpressionOperation)
        {
            operation = operation.Parent;
        }

        return operation;
    }

    /// <summary>True when <paramref name="value"/> produces a new rental or pooled object the caller owns.</summary>
    public bool IsSource(IOperation value, out OwnershipKind kind) => IsSource(value, out kind, out _);

    /// <summary>True when <paramref name="value"/> produces a new rental or pooled object the caller owns.</summary>
    public bool IsSource(IOperation value, out OwnershipKind kind, out bool lossReclaimed)
    {
        kind = OwnershipKind.Rental;
        lossReclaimed = false;
        value = Unwrap(value);
        if (value is IAwaitOperation { Operation: IInvocationOperation awaited }
            && awaited.TargetMethod.Name == "RentAsync" && KnownTypes.Is(awaited.TargetMethod.ContainingType, Types.Pool))
        {
            return true;
        }

        if (value is IInvocationOperation invocation)
        {
            IMethodSymbol method = invocation.TargetMethod;
            INamedTypeSymbol type = method.ContainingType;
            if (method.Name == "Rent" && !method.IsStatic && (KnownTypes.DerivesFrom(type, Types.ArrayPool) || KnownTypes.Is(type, Types.Pool)))
            {
                lossReclaimed = !KnownTypes.Is(type, Types.Pool);
                return true;
            }

            if (method.Name == "Get" && method.Parameters.Length == 0 && !method.IsStatic && KnownTypes.DerivesFrom(type, Types.ObjectPool))
            {
                lossReclaimed = true;
                return true;
            }

            kind = OwnershipKind.Pooled;
            return method.Name switch
            {
                "Lease" => KnownTypes.Is(type, Types.ArrayPoolExtensions) || KnownTypes.Is(type, Types.Pool),
                "RentOwner" => KnownTypes.Is(type, Types.ArrayPoolExtensions),
                "Rent" => !method.IsStatic && KnownTypes.DerivesFrom(type, Types.MemoryPool),
                "BeginScope" => KnownTypes.Is(type, Types.DisposeScope),
                "ToPooledList" or "ToPooledDictionary" or "ToPooledHashSet" or "ToPooledStack" or "ToPooledQueue" =>
                    KnownTypes.Is(type, Types.PooledCollectionExtensions),
                _ => false,
            };
        }

        if (value is IObjectCreationOperation { Type: INamedTypeSymbol created } creation)
        {
            kind = OwnershipKind.Pooled;
            if (Types.AlwaysPooled.Contains(created.OriginalDefinition))
            {
                return true;
            }

            return IsChunked(created) && HasExplicitPool(creation);
        }

        return false;
    }

    /// <summary>
    /// True for the types a helper of the compilation is followed for when it fills a <c>ref</c>/<c>out</c> argument:
    /// arrays, <c>IMemoryOwner&lt;T&gt;</c> and Gen0's pooled types. (Objects of Pool&lt;T&gt;/ObjectPool&lt;T&gt;, which can be
    /// of any class, are not followed through ref/out helpers: summarizing every such call would cost more than it finds.)
    /// </summary>
    public bool MayHoldRental(ITypeSymbol type) =>
        type is IArrayTypeSymbol || IsOwnerLike(type) || (type is INamedTypeSymbol named && IsChunked(named));

    /// <summary><c>pool.TryRent(out x)</c> of Gen0's Pool&lt;T&gt;: a rental into its out argument when it returns true.</summary>
    public bool IsTryRent(IInvocationOperation invocation) =>
        invocation.TargetMethod.Name == "TryRent" && KnownTypes.Is(invocation.TargetMethod.ContainingType, Types.Pool);

    /// <summary>True when <paramref name="invocation"/> returns the value passed as <paramref name="argument"/> to its pool.</summary>
    public bool IsReturn(IInvocationOperation invocation, IArgumentOperation argument) =>
        invocation.TargetMethod.Name == "Return"
        && argument.Parameter is { Ordinal: 0 }
        && Types.IsPoolType(invocation.TargetMethod.ContainingType);

    /// <summary>
    /// Calls that do not throw on correct use, so they do not count as a way for an exception to lose a rental:
    /// ArrayPool rents and returns, the views of an array (AsSpan, Slice, ...) and the methods of spans and memories
    /// (CopyTo, Fill, Clear, ...), which, like indexing an array, throw only on a bug.
    /// </summary>
    public bool IsBenign(IOperation operation) => operation switch
    {
        IInvocationOperation invocation when invocation.TargetMethod.Name is "Rent" or "Return" =>
            KnownTypes.DerivesFrom(invocation.TargetMethod.ContainingType, Types.ArrayPool),
        IInvocationOperation { Instance: { } instance } when Types.IsView(instance.Type) => true,
        IInvocationOperation { TargetMethod.IsExtensionMethod: true } invocation when invocation.TargetMethod.ContainingType.ToDisplayString() == "System.MemoryExtensions" => true,
        _ => TryGetViewSource(operation, out _),
    };

    /// <summary>True for the calls that hand a disposable to a dispose scope, which then owns it.</summary>
    public bool IsRegistration(IMethodSymbol method) =>
        (method.Name == "RegisterDisposeScope" && KnownTypes.Is(method.ContainingType, Types.DisposeScopeExtensions))
        || ((method.Name == "Register" || method.Name == "RegisterAsyncDisposable") && KnownTypes.Is(method.ContainingType, Types.DisposeScope));

    public static bool IsDispose(IMethodSymbol method) =>
        (method.Name == "Dispose" || method.Name == "DisposeAsync") && method.Parameters.Length == 0;

    /// <summary>
    /// True when <paramref name="operation"/> is a view of (or the same object as) another value, which it returns in
    /// <paramref name="inner"/>: a conversion (<c>byte[]</c> to <c>Span&lt;byte&gt;</c>), <c>AsSpan</c>/<c>AsMemory</c>,
    /// <c>Slice</c> or a range, <c>.Span</c>/<c>.Memory</c>/<c>.Array</c>, <c>new Span/Memory/ArraySegment/ReadOnlySequence</c>,
    /// <c>new MemoryStream(array)</c>, <c>GetBuffer()</c>. A view never owns what it wraps: the array stays owned by the
    /// method and the view is tracked as an alias of it.
    /// </summary>
    public bool TryGetViewSource(IOperation operation, out IOperation inner)
    {
        inner = operation;
        switch (operation)
        {
            case IConversionOperation conversion:
                inner = conversion.Operand;
                return true;
            case IParenthesizedOperation parenthesized:
                inner = parenthesized.Operand;
                return true;
            case IDeclarationExpressionOperation declaration:
                inner = declaration.Expression;
                return true;
            case IInvocationOperation invocation:
                IMethodSymbol method = invocation.TargetMethod;
                if (invocation.Instance is { } instance)
                {
                    if ((Types.IsView(method.ReturnType) && (Types.IsView(instance.Type) || IsOwnerLike(instance.Type)))
                        || (method.Name == "GetBuffer" && KnownTypes.DerivesFrom(instance.Type, Types.MemoryStream)))
                    {
                        inner = instance;
                        return true;
                    }

                    return false;
                }

                if (method.Parameters.Length > 0 && invocation.Arguments.Length > 0 && Types.IsView(method.ReturnType)
                    && method.ContainingType.ToDisplayString() is "System.MemoryExtensions" or "System.Runtime.InteropServices.MemoryMarshal")
                {
                    IArgumentOperation first = FirstArgument(invocation.Arguments);
                    if (first.Parameter is { RefKind: RefKind.None } && (first.Value.Type is IArrayTypeSymbol || Types.IsView(first.Value.Type)))
                    {
                        inner = first.Value;
                        return true;
                    }
                }

                return false;
            case IPropertyReferenceOperation { Instance: { } owner } property
                when (Types.IsView(property.Type) || property.Type is IArrayTypeSymbol) && property.Property.Parameters.Length == 0:
                inner = owner;
                return true;
            case IObjectCreationOperation { Type: INamedTypeSymbol created } creation
                when (Types.IsView(created) || KnownTypes.Is(created, Types.MemoryStream)) && creation.Arguments.Length > 0:
                IArgumentOperation argument = FirstArgument(creation.Arguments);
                if (argument.Value.Type is IArrayTypeSymbol || Types.IsView(argument.Value.Type))
                {
                    inner = argument.Value;
                    return true;
                }

                return false;
            default:
                if (operation.Kind == OperationKind.ImplicitIndexerReference && operation.ChildOperations is { Count: > 0 } children
                    && Types.IsView(operation.Type))
                {
                    foreach (IOperation child in children)
                    {
                        inner = child;
                        return Types.IsView(child.Type);
                    }
                }

                return false;
        }
    }

    /// <summary>
    /// True when passing a value to <paramref name="parameter"/> may hand it over for good: generic, object and
    /// IDisposable parameters are where collections, tasks and owners store what they receive. A parameter of a
    /// concrete type (T[], Span, Stream, IEnumerable&lt;T&gt;, ...) is taken to borrow the value for the call.
    /// </summary>
    public static bool IsOwningParameter(IParameterSymbol parameter)
    {
        ITypeSymbol type = parameter.OriginalDefinition.Type;
        return type.TypeKind == TypeKind.TypeParameter
            || type.SpecialType == SpecialType.System_Object
            || type.ToDisplayString() is "System.IDisposable" or "System.IAsyncDisposable";
    }

    /// <summary>
    /// True for a method of the compilation being analysed. When no summary of it can be made (virtual, interface,
    /// local function, too deep), its parameters are not trusted to borrow: the analysis stays silent rather than guess.
    /// Library methods (Stream.Read, Array.Copy, ...) borrow.
    /// </summary>
    public static bool IsDeclaredInSource(IMethodSymbol method)
    {
        foreach (Location location in method.Locations)
        {
            if (location.IsInSource)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The argument bound to a call's first parameter, whatever the order they are written in.</summary>
    /// <summary>
    /// True for an override of a library method (<c>Stream.Read</c> overridden by a stream of the compilation): it
    /// is held to the library's contract, which borrows its array arguments, even when no summary of it is made
    /// (a non-sealed override may be overridden again).
    /// </summary>
    public static bool OverridesLibraryMethod(IMethodSymbol method)
    {
        for (IMethodSymbol? overridden = method.OverriddenMethod; overridden is not null; overridden = overridden.OverriddenMethod)
        {
            if (!IsDeclaredInSource(overridden))
            {
                return true;
            }
        }

        foreach (IMethodSymbol implemented in method.ExplicitInterfaceImplementations)
        {
            if (!IsDeclaredInSource(implemented))
            {
                return true;
            }
        }

        return false;
    }

    private static IArgumentOperation FirstArgument(ImmutableArray<IArgumentOperation> arguments)
    {
        foreach (IArgumentOperation argument in arguments)
        {
            if (argument.Parameter is { Ordinal: 0 })
            {
                return argument;
            }
        }

        return arguments[0];
    }

    private bool IsOwnerLike(ITypeSymbol? type)
    {
        if (type is null)
        {
            return false;
        }

        if (type is INamedTypeSymbol named && Types.AlwaysPooled.Contains(named.OriginalDefinition))
        {
            return true;
        }

        foreach (INamedTypeSymbol face in type.AllInterfaces)
        {
            if (face.OriginalDefinition.ToDisplayString() == "System.Buffers.IMemoryOwner<T>")
            {
                return true;
            }
        }

        return type.OriginalDefinition.ToDisplayString() == "System.Buffers.IMemoryOwner<T>";
    }

    private bool IsChunked(INamedTypeSymbol type) =>
        KnownTypes.Is(type, Types.ChunkedList) || KnownTypes.Is(type, Types.ChunkedHashSet) || KnownTypes.Is(type, Types.ChunkedDictionary);

    private bool HasExplicitPool(IObjectCreationOperation creation)
    {
        foreach (IArgumentOperation argument in creation.Arguments)
        {
            if (argument.ArgumentKind == ArgumentKind.Explicit
                && KnownTypes.Is(argument.Parameter?.Type, Types.ArrayPool)
                && !(Unwrap(argument.Value).ConstantValue is { HasValue: true, Value: null }))
            {
                return true;
            }
        }

        return false;
    }
}
