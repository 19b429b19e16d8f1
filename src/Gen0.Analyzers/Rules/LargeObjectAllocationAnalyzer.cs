using System.Collections.Immutable;
using Gen0.Analyzers.Flow;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// GEN0001: <c>new T[n]</c>, <c>GC.AllocateArray/AllocateUninitializedArray</c> and the capacity constructors of
/// List, Stack, Queue, HashSet, Dictionary and MemoryStream whose constant (or constant-folded) size makes the
/// backing array 85,000 bytes or more. Static initializers and lazily allocated tables (allocated once per type or
/// per instance, the first time they are needed) are exempt: an array allocated once is not the gen 2 churn the rule
/// is about.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class LargeObjectAllocationAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property naming the Gen0 type the code fix may substitute (absent for arrays).</summary>
    public const string ReplacementProperty = "Gen0.Replacement";

    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Gen0Diagnostics.LargeObjectAllocation);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            KnownTypes types = KnownTypes.Create(start.Compilation);
            start.RegisterOperationAction(c => AnalyzeArrayCreation(c), OperationKind.ArrayCreation);
            start.RegisterOperationAction(c => AnalyzeObjectCreation(c, types), OperationKind.ObjectCreation);
            start.RegisterOperationAction(c => AnalyzeInvocation(c, types), OperationKind.Invocation);
        });
    }

    private static void AnalyzeArrayCreation(OperationAnalysisContext context)
    {
        var creation = (IArrayCreationOperation)context.Operation;
        if (creation.Type is not IArrayTypeSymbol arrayType || ElementSize.Of(arrayType.ElementType) is not { } elementSize)
        {
            return;
        }

        long length = 1;
        foreach (IOperation dimension in creation.DimensionSizes)
        {
            if (Constant(dimension) is not { } size)
            {
                return;
            }

            length *= size;
        }

        Check(context, length, elementSize, arrayType.Rank, "ArrayPool<T>.Shared.Rent (or a Lease), or a ChunkedList<T>", replacement: null);
    }

    private static void AnalyzeObjectCreation(OperationAnalysisContext context, KnownTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Type is not INamedTypeSymbol type || creation.Constructor is null || creation.Arguments.Length == 0)
        {
            return;
        }

        IArgumentOperation first = creation.Arguments[0];
        if (first.Parameter is not { Name: "capacity" } || first.Parameter.Type.SpecialType != SpecialType.System_Int32 || Constant(first.Value) is not { } capacity)
        {
            return;
        }

        long? elementSize = null;
        string suggestion;
        string? replacement = null;
        if (KnownTypes.Is(type, types.List) || KnownTypes.Is(type, types.Stack) || KnownTypes.Is(type, types.Queue))
        {
            elementSize = ElementSize.Of(type.TypeArguments[0]);
            replacement = KnownTypes.Is(type, types.List) && types.ChunkedList is not null ? "Gen0.Collections.ChunkedList`1" : null;
            suggestion = replacement is null ? "a pooled collection (PooledList<T>, PooledStack<T>, PooledQueue<T>)" : "ChunkedList<T>, or PooledList<T>";
        }
        else if (KnownTypes.Is(type, types.HashSet))
        {
            ITypeSymbol int32 = context.Compilation.GetSpecialType(SpecialType.System_Int32);
            elementSize = ElementSize.OfStruct(int32, int32, type.TypeArguments[0]);
            replacement = types.ChunkedHashSet is not null ? "Gen0.Collections.ChunkedHashSet`1" : null;
            suggestion = "ChunkedHashSet<T>, or PooledHashSet<T>";
        }
        else if (KnownTypes.Is(type, types.Dictionary))
        {
            ITypeSymbol int32 = context.Compilation.GetSpecialType(SpecialType.System_Int32);
            elementSize = ElementSize.OfStruct(int32, int32, type.TypeArguments[0], type.TypeArguments[1]);
            replacement = types.ChunkedDictionary is not null ? "Gen0.Collections.ChunkedDictionary`2" : null;
            suggestion = "ChunkedDictionary<TKey, TValue>, or PooledDictionary<TKey, TValue>";
        }
        else if (KnownTypes.Is(type, types.MemoryStream) && creation.Arguments.Length == 1)
        {
            elementSize = 1;
            replacement = types.PooledMemoryStream is not null ? "Gen0.IO.PooledMemoryStream" : null;
            suggestion = "PooledMemoryStream";
        }
        else
        {
            return;
        }

        if (elementSize is { } size)
        {
            Check(context, capacity, size, rank: 1, suggestion, replacement);
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, KnownTypes types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        IMethodSymbol method = invocation.TargetMethod;
        if (method.Name is not ("AllocateArray" or "AllocateUninitializedArray") || !KnownTypes.Is(method.ContainingType, types.Gc)
            || method.TypeArguments.Length != 1 || ElementSize.Of(method.TypeArguments[0]) is not { } elementSize)
        {
            return;
        }

        long? length = null;
        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter?.Name == "length")
            {
                length = Constant(argument.Value);
            }
            else if (argument.Parameter?.Name == "pinned" && OwnershipModel.Unwrap(argument.Value).ConstantValue is not { HasValue: true, Value: false })
            {
                return; // pinned (or maybe pinned): the Pinned Object Heap, not the LOH
            }
        }

        if (length is { } value)
        {
            Check(context, value, elementSize, rank: 1, "ArrayPool<T>.Shared.Rent (or a Lease)", replacement: null);
        }
    }

    private static void Check(OperationAnalysisContext context, long length, long elementSize, int rank, string suggestion, string? replacement)
    {
        long bytes = ElementSize.ArrayBytes(length, elementSize, rank);
        if (length < 0 || bytes < ElementSize.LargeObjectHeapThreshold || RunsOnce(context) || IsLazyInitialization(context.Operation))
        {
            return;
        }

        ImmutableDictionary<string, string?> properties = replacement is null
            ? ImmutableDictionary<string, string?>.Empty
            : ImmutableDictionary<string, string?>.Empty.Add(ReplacementProperty, replacement);
        context.ReportDiagnostic(Diagnostic.Create(Gen0Diagnostics.LargeObjectAllocation, context.Operation.Syntax.GetLocation(), properties, $"'{DiagnosticText.Quote(context.Operation.Syntax)}'", bytes, suggestion));
    }

    /// <summary>Static field and property initializers and static constructors run once per process.</summary>
    private static bool RunsOnce(OperationAnalysisContext context)
    {
        if (context.ContainingSymbol is IMethodSymbol { MethodKind: MethodKind.StaticConstructor })
        {
            return true;
        }

        for (IOperation? operation = context.Operation; operation is not null; operation = operation.Parent)
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    return false;
                case IFieldInitializerOperation field:
                    return field.InitializedFields.Length > 0 && field.InitializedFields[0].IsStatic;
                case IPropertyInitializerOperation property:
                    return property.InitializedProperties.Length > 0 && property.InitializedProperties[0].IsStatic;
            }
        }

        return false;
    }

    /// <summary>
    /// A table allocated the first time it is needed and kept in a field (once per type for a static field, once per
    /// instance for an instance field) is not per-call garbage: <c>_f ??= new T[n]</c>, <c>_f ?? (_f = new T[n])</c>,
    /// <c>if (_f == null) _f = new T[n]</c>, <c>Interlocked.CompareExchange(ref _f, new T[n], null)</c>, and a factory
    /// lambda given to <c>Lazy&lt;T&gt;</c> or <c>LazyInitializer.EnsureInitialized</c>.
    /// </summary>
    private static bool IsLazyInitialization(IOperation creation)
    {
        IOperation outer = OwnershipModel.OutermostWrapper(creation);
        switch (outer.Parent)
        {
            case ICoalesceAssignmentOperation coalesce when coalesce.Value == outer && coalesce.Target is IFieldReferenceOperation:
                return true;
            case ISimpleAssignmentOperation { Target: IFieldReferenceOperation field } assignment when assignment.Value == outer:
                return IsGuardedByNullTest(assignment, field.Field);
            case IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { Name: "CompareExchange" } method } } when method.ContainingType.ToDisplayString() == "System.Threading.Interlocked":
                return true;
        }

        for (IOperation? operation = creation.Parent; operation is not null; operation = operation.Parent)
        {
            if (operation is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                IOperation factory = OwnershipModel.OutermostWrapper(operation.Parent is IDelegateCreationOperation delegateCreation ? delegateCreation : operation);
                return factory.Parent is IArgumentOperation { Parent: { } call } && call switch
                {
                    IObjectCreationOperation lazy => lazy.Type?.OriginalDefinition.ToDisplayString() == "System.Lazy<T>",
                    IInvocationOperation ensure => ensure.TargetMethod.Name == "EnsureInitialized"
                        && ensure.TargetMethod.ContainingType.ToDisplayString() == "System.Threading.LazyInitializer",
                    _ => false,
                };
            }
        }

        return false;
    }

    /// <summary>The assignment runs only when <paramref name="field"/> is null: inside <c>if (field == null)</c> or as the right side of <c>field ?? (...)</c>.</summary>
    private static bool IsGuardedByNullTest(IOperation assignment, IFieldSymbol field)
    {
        IOperation child = assignment;
        for (IOperation? parent = assignment.Parent; parent is not null && parent is not (IAnonymousFunctionOperation or ILocalFunctionOperation); child = parent, parent = parent.Parent)
        {
            switch (parent)
            {
                case ICoalesceOperation coalesce when coalesce.WhenNull == child && IsField(coalesce.Value, field):
                    return true;
                case IConditionalOperation conditional when conditional.WhenTrue == child && NullWhenTrue(conditional.Condition, field) == true:
                case IConditionalOperation conditional2 when conditional2.WhenFalse == child && NullWhenTrue(conditional2.Condition, field) == false:
                    return true;
            }
        }

        return false;
    }

    private static bool? NullWhenTrue(IOperation condition, IFieldSymbol field)
    {
        condition = OwnershipModel.Unwrap(condition);
        return condition switch
        {
            IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not => !NullWhenTrue(not.Operand, field),
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary
                when (IsField(binary.LeftOperand, field) && IsNullConstant(binary.RightOperand)) || (IsField(binary.RightOperand, field) && IsNullConstant(binary.LeftOperand)) =>
                binary.OperatorKind == BinaryOperatorKind.Equals,
            IIsPatternOperation { Pattern: IConstantPatternOperation constant } pattern when IsField(pattern.Value, field) && IsNullConstant(constant.Value) => true,
            IIsPatternOperation { Pattern: INegatedPatternOperation { Pattern: IConstantPatternOperation constant } } pattern when IsField(pattern.Value, field) && IsNullConstant(constant.Value) => false,
            _ => null,
        };
    }

    private static bool IsField(IOperation operation, IFieldSymbol field) =>
        OwnershipModel.Unwrap(operation) is IFieldReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Field, field);

    private static bool IsNullConstant(IOperation operation) => OwnershipModel.Unwrap(operation).ConstantValue is { HasValue: true, Value: null };

    private static long? Constant(IOperation operation) =>
        OwnershipModel.Unwrap(operation).ConstantValue is { HasValue: true, Value: { } value } && value is int or long or short or byte or ushort or uint or sbyte
            ? System.Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture)
            : null;
}
