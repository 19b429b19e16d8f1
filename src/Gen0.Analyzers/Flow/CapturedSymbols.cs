using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>Locals and parameters read or written inside a lambda or local function other than the one declaring them.</summary>
internal static class CapturedSymbols
{
    public static HashSet<ISymbol> Of(IOperation root, ISymbol owner)
    {
        var captured = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        Walk(root, owner);
        return captured;

        void Walk(IOperation operation, ISymbol function)
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation lambda:
                    function = lambda.Symbol;
                    break;
                case ILocalFunctionOperation localFunction:
                    function = localFunction.Symbol;
                    break;
                case ILocalReferenceOperation reference when !SymbolEqualityComparer.Default.Equals(reference.Local.ContainingSymbol, function):
                    captured.Add(reference.Local);
                    break;
                case IParameterReferenceOperation reference when !SymbolEqualityComparer.Default.Equals(reference.Parameter.ContainingSymbol, function):
                    captured.Add(reference.Parameter);
                    break;
            }

            foreach (IOperation child in operation.ChildOperations)
            {
                Walk(child, function);
            }
        }
    }
}
