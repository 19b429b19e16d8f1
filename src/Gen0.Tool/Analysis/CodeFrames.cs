namespace Gen0.Tool.Analysis;

/// <summary>Names and classifies the frames of a managed call stack.</summary>
internal static class CodeFrames
{
    /// <summary>A frame whose method the trace could not name (no rundown, native code).</summary>
    public const string Unresolved = "[unresolved frame]";

    private static readonly string[] s_libraryPrefixes =
    [
        "System.", "Microsoft.", "Internal.", "Interop.", "Windows.", "FSharp.Core.", "Newtonsoft.Json.",
        "Gen0.Buffers.", "Gen0.Collections.", "Gen0.IO.", "Gen0.Pools.", "Gen0.Scopes.", "Gen0.Diagnostics.", "Gen0.AspNetCore.",
        "[",
    ];

    /// <summary>
    /// The method's name without its signature: <c>Ns.Type.Method(class Ns.Arg)</c> becomes <c>Ns.Type.Method</c>, so
    /// that one method is one name whatever the trace's signature format.
    /// </summary>
    public static string MethodName(string? fullName)
    {
        if (string.IsNullOrEmpty(fullName))
        {
            return Unresolved;
        }

        int paren = fullName.IndexOf('(', StringComparison.Ordinal);
        return paren > 0 ? fullName[..paren] : fullName;
    }

    /// <summary>Whether the frame belongs to the runtime, a framework or Gen0 itself rather than to the application.</summary>
    public static bool IsLibrary(string method)
    {
        foreach (string prefix in s_libraryPrefixes)
        {
            if (method.StartsWith(prefix, StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Splits a stack (innermost frame first) at the first application frame: the library frames before it (the path
    /// through the BCL that allocated) and the application method (or, when there is none, the outermost library
    /// frame, for a framework that allocates on its own).
    /// </summary>
    public static (IReadOnlyList<string> LibraryFrames, string Method) Split(IReadOnlyList<string> frames)
    {
        for (int i = 0; i < frames.Count; i++)
        {
            if (!IsLibrary(frames[i]))
            {
                return (Slice(frames, i), frames[i]);
            }
        }

        return (frames, frames.Count == 0 ? Unresolved : frames[^1]);
    }

    /// <summary>
    /// The name without generic instantiations: <c>System.Collections.Generic.HashSet`1[System.Int32].Resize</c> becomes
    /// <c>System.Collections.Generic.HashSet`1.Resize</c>, so that one rule matches every instantiation.
    /// </summary>
    public static string WithoutGenericArguments(string method)
    {
        if (method.IndexOf('[', StringComparison.Ordinal) <= 0)
        {
            return method;
        }

        var sb = new System.Text.StringBuilder(method.Length);
        int depth = 0;
        for (int i = 0; i < method.Length; i++)
        {
            char c = method[i];
            if (c == '[' && (depth > 0 || (i > 0 && char.IsDigit(method[i - 1]))))
            {
                depth++;
            }
            else if (c == ']' && depth > 0)
            {
                depth--;
            }
            else if (depth == 0)
            {
                sb.Append(c);
            }
        }

        return sb.ToString();
    }

    /// <summary>The short name people read: <c>Type.Method</c> without the namespace and generic arguments.</summary>
    public static string Short(string method)
    {
        int paren = method.IndexOf('(', StringComparison.Ordinal);
        string name = WithoutGenericArguments(paren > 0 ? method[..paren] : method);
        int lastDot = name.LastIndexOf('.');
        if (lastDot <= 0)
        {
            return name;
        }

        // A constructor (".ctor") ends in a dot of its own: keep the type before it.
        int typeDot = name.LastIndexOf('.', name[lastDot - 1] == '.' ? lastDot - 2 : lastDot - 1);
        return typeDot < 0 ? name : name[(typeDot + 1)..];
    }

    private static string[] Slice(IReadOnlyList<string> frames, int count)
    {
        var result = new string[count];
        for (int i = 0; i < count; i++)
        {
            result[i] = frames[i];
        }

        return result;
    }
}
