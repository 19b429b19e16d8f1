namespace Gen0.Tool.Analysis;

/// <summary>The Gen0 type that removes a culprit, and how to apply it.</summary>
/// <param name="Id">A stable id (<c>memorystream-growth</c>, <c>list-growth</c>, ...): scripts and tests match on it.</param>
/// <param name="Gen0Type">The Gen0 type (or types) to use instead.</param>
/// <param name="Advice">One or two sentences: what allocates, and what to write instead.</param>
internal sealed record Remedy(string Id, string Gen0Type, string Advice);
