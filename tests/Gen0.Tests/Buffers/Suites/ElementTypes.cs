using System.Reflection;
using System.Runtime.ExceptionServices;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>Runs a generic test body for each element size the suites cover (1, 4, 8 and 16 bytes, and a reference type).</summary>
internal static class ElementTypes
{
    public static readonly Type[] All = [typeof(byte), typeof(int), typeof(long), typeof(Guid), typeof(string)];

    public static TheoryData<string, string> Cross(string[] configurations)
    {
        var data = new TheoryData<string, string>();
        foreach (string configuration in configurations)
        {
            foreach (Type type in All)
            {
                data.Add(configuration, type.Name);
            }
        }

        return data;
    }

    /// <summary>Calls the generic static method <paramref name="method"/> of <paramref name="owner"/> closed over the element type named <paramref name="typeName"/>.</summary>
    public static void Invoke(Type owner, string method, string typeName, params object[] arguments)
    {
        Type type = Array.Find(All, t => t.Name == typeName) ?? throw new ArgumentOutOfRangeException(nameof(typeName), typeName, "Unknown element type.");
        MethodInfo generic = owner.GetMethod(method, BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.Static)!.MakeGenericMethod(type);
        try
        {
            generic.Invoke(null, arguments);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            ExceptionDispatchInfo.Capture(e.InnerException).Throw();
        }
    }
}
