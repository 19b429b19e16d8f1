using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// Which operations create, release, register or hand over pooled resources. The flow analysis asks it about
/// every operation it meets; it knows nothing about control flow itself.
/// </summary>
internal sealed class OwnershipModel
{
    public OwnershipModel(KnownTypes types) => Types = types;

    public KnownTypes Types { get; }

    public static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } or IConversionOperation { Conversion.IsUserDefined: false } or IParenthesizedOperation)
        {
            operation = operation switch
            {
                IConversionOperation conversion => conversion.Operand,
                IParenthesizedOperation parenthesized => parenthesized.Operand,
                _ => operation,
            };
        }

        return operation;
    }

    /// <summary>Walks up from a value through the conversions and parentheses that wrap it.</summary>
    public static IOperation OutermostWrapper(IOperation operation)
    {
        while (operation.Parent is IConversionOperation or IParenthesizedOperation)
        {
            operation = operation.Parent;
        }

        return operation;
    }

    /// <summary>True when <paramref name="value"/> produces a new rental or pooled object the caller owns.</summary>
    public bool IsSource(IOperation value, out OwnershipKind kind)
    {
        kind = OwnershipKind.Rental;
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
            if (method.Name == "Rent" && !method.IsStatic && Types.IsPoolType(type))
            {
                return true;
            }

            kind = OwnershipKind.Pooled;
            return method.Name switch
            {
                "Lease" => KnownTypes.Is(type, Types.ArrayPoolExtensions) || KnownTypes.Is(type, Types.Pool),
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

    /// <summary>True when <paramref name="invocation"/> returns the value passed as <paramref name="argument"/> to its pool.</summary>
    public bool IsReturn(IInvocationOperation invocation, IArgumentOperation argument) =>
        invocation.TargetMethod.Name == "Return"
        && argument.Parameter is { Ordinal: 0 }
        && Types.IsPoolType(invocation.TargetMethod.ContainingType);

    /// <summary>True for the calls that hand a disposable to a dispose scope, which then owns it.</summary>
    public bool IsRegistration(IMethodSymbol method) =>
        (method.Name == "RegisterDisposeScope" && KnownTypes.Is(method.ContainingType, Types.DisposeScopeExtensions))
        || ((method.Name == "Register" || method.Name == "RegisterAsyncDisposable") && KnownTypes.Is(method.ContainingType, Types.DisposeScope));

    public static bool IsDispose(IMethodSymbol method) =>
        (method.Name == "Dispose" || method.Name == "DisposeAsync") && method.Parameters.Length == 0;

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
    /// True for a method of the compilation being analysed. Its parameters are not trusted to borrow: a private
    /// helper taking a T[] (<c>ReplaceItems(newItems)</c>) usually takes ownership, and the analysis is not
    /// interprocedural, so it stays silent rather than guess. Library methods (Stream.Read, Array.Copy, ...) borrow.
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
