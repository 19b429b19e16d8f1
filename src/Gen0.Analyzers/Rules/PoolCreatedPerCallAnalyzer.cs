using System.Collections.Immutable;
using Gen0.Analyzers.Flow;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// GEN0006: <c>ArrayPool&lt;T&gt;.Create(...)</c>, <c>new ScalableArrayPool&lt;T&gt;(...)</c> or <c>new Pool&lt;T&gt;(...)</c>
/// in a method body whose result never leaves the call. The pool escapes when it is returned, stored anywhere but
/// a local, captured by a lambda, passed to any method or constructor (DI registration, an owner), or passed by
/// ref; only member calls on it (Rent, Return, Lease, ...) keep it local. Entry points, static constructors and
/// test projects are exempt: their pools live as long as the program or the test.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PoolCreatedPerCallAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Gen0Diagnostics.PoolCreatedPerCall);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            KnownTypes types = KnownTypes.Create(start.Compilation);
            if (types.ArrayPool is null || TestProjects.IsTestProject(start.Compilation, start.Options))
            {
                return;
            }

            start.RegisterOperationAction(c => Analyze(c, types), OperationKind.Invocation, OperationKind.ObjectCreation);
        });
    }

    private static void Analyze(OperationAnalysisContext context, KnownTypes types)
    {
        IOperation creation = context.Operation;
        bool createsPool = creation switch
        {
            IInvocationOperation { TargetMethod: { Name: "Create", IsStatic: true } method } => KnownTypes.Is(method.ContainingType, types.ArrayPool),
            IObjectCreationOperation { Type: { } type } => KnownTypes.Is(type, types.ScalableArrayPool) || KnownTypes.Is(type, types.Pool),
            _ => false,
        };
        if (!createsPool || IsExempt(context.ContainingSymbol) || InsideInitializerOrLambda(creation) || Escapes(creation))
        {
            return;
        }

        context.ReportDiagnostic(Diagnostic.Create(Gen0Diagnostics.PoolCreatedPerCall, creation.Syntax.GetLocation(), $"'{DiagnosticText.Quote(creation.Syntax)}'"));
    }

    private static bool IsExempt(ISymbol symbol) => symbol is IMethodSymbol method
        && (method.MethodKind == MethodKind.StaticConstructor || (method.IsStatic && method.Name is "Main" or "<Main>$"));

    private static bool InsideInitializerOrLambda(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IFieldInitializerOperation or IPropertyInitializerOperation or IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True unless the pool only ever reaches member calls, directly or through locals.</summary>
    private static bool Escapes(IOperation creation)
    {
        IOperation wrapper = OwnershipModel.OutermostWrapper(creation);
        switch (wrapper.Parent)
        {
            case IInvocationOperation invocation when invocation.Instance == wrapper:
            case IPropertyReferenceOperation property when property.Instance == wrapper:
                return false;
            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return LocalEscapes(declarator.Symbol, creation);
            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation local } assignment when assignment.Value == wrapper:
                return LocalEscapes(local.Local, creation);
            case IArgumentOperation { Parent: IInvocationOperation invocation, Parameter.Ordinal: 0 } when invocation.TargetMethod.IsExtensionMethod:
                return false;
            default:
                return true;
        }
    }

    private static bool LocalEscapes(ILocalSymbol local, IOperation creation)
    {
        IOperation root = creation;
        while (root.Parent is not null)
        {
            root = root.Parent;
        }

        foreach (IOperation operation in root.Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                continue;
            }

            if (IsInsideFunction(reference, root))
            {
                return true;
            }

            IOperation wrapper = OwnershipModel.OutermostWrapper(reference);
            bool stays = wrapper.Parent switch
            {
                IInvocationOperation invocation => invocation.Instance == wrapper,
                IPropertyReferenceOperation property => property.Instance == wrapper,
                ISimpleAssignmentOperation assignment => assignment.Target == wrapper,
                IArgumentOperation { Parent: IInvocationOperation invocation, Parameter: { Ordinal: 0, RefKind: RefKind.None } } => invocation.TargetMethod.IsExtensionMethod,
                IIsNullOperation or IBinaryOperation or IIsPatternOperation => true,
                _ => false,
            };
            if (!stays)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsInsideFunction(IOperation operation, IOperation root)
    {
        for (IOperation? current = operation.Parent; current is not null && current != root; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return true;
            }
        }

        return false;
    }
}
