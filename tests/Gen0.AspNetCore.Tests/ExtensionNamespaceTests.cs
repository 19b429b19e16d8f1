using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace Gen0.AspNetCore.Tests;

/// <summary>
/// Issue 17: extension methods live in the namespace of the type they extend, as every Microsoft.Extensions and
/// ASP.NET Core package does, so that a new <c>dotnet new web</c> app finds them without a Gen0 using.
/// </summary>
public class ExtensionNamespaceTests
{
    public static TheoryData<string, string> Expected => new()
    {
        { nameof(Gen0ServiceCollectionExtensions.AddGen0), "Microsoft.Extensions.DependencyInjection" },
        { nameof(PooledServiceCollectionExtensions.AddPooled), "Microsoft.Extensions.DependencyInjection" },
        { nameof(GcMonitorServiceCollectionExtensions.AddGcMonitor), "Microsoft.Extensions.DependencyInjection" },
        { nameof(Gen0MemoryPoolServiceCollectionExtensions.AddGen0MemoryPoolFactory), "Microsoft.Extensions.DependencyInjection" },
        { nameof(GcHealthChecksBuilderExtensions.AddGcHealthCheck), "Microsoft.Extensions.DependencyInjection" },
        { nameof(DisposeScopeApplicationBuilderExtensions.UseDisposeScope), "Microsoft.AspNetCore.Builder" },
        { nameof(GcHealthEndpointRouteBuilderExtensions.MapGcHealth), "Microsoft.AspNetCore.Builder" },
    };

    [Theory]
    [MemberData(nameof(Expected))]
    public void ExtensionMethod_IsInTheNamespaceOfWhatItExtends(string method, string expectedNamespace)
    {
        // Every overload (AddGen0 and AddPooled have one that takes a configuration section).
        MethodInfo[] found = [.. ExtensionMethods().Where(m => m.Name == method)];
        Assert.NotEmpty(found);
        Assert.All(found, extension => Assert.Equal(expectedNamespace, extension.DeclaringType!.Namespace));
    }

    [Fact]
    public void EveryPublicExtensionMethod_IsInAMicrosoftNamespace()
    {
        Assert.All(ExtensionMethods(), m => Assert.StartsWith("Microsoft.", m.DeclaringType!.Namespace, StringComparison.Ordinal));
    }

    private static IEnumerable<MethodInfo> ExtensionMethods() =>
        typeof(GcHealthCheck).Assembly.GetExportedTypes()
            .Where(t => t.IsAbstract && t.IsSealed)
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static))
            .Where(m => m.IsDefined(typeof(ExtensionAttribute), inherit: false));
}
