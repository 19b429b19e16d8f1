using System.Globalization;

namespace Gen0.Buffers;

/// <content>
/// Sizing <see cref="ScalableArrayPool{T}.Shared"/> without code, as the BCL's shared pool is sized with
/// <c>DOTNET_SYSTEM_BUFFERS_SHAREDARRAYPOOL_*</c>: runtimeconfig.json properties and environment variables.
/// </content>
public sealed partial class ScalableArrayPoolOptions
{
    /// <summary>The prefix of the runtimeconfig.json properties read by <see cref="FromRuntimeSettings()"/>.</summary>
    public const string RuntimeConfigPrefix = "Gen0.SharedArrayPool.";

    /// <summary>The prefix of the environment variables read by <see cref="FromRuntimeSettings()"/>.</summary>
    public const string EnvironmentVariablePrefix = "GEN0_SHAREDARRAYPOOL_";

    private static readonly string[] s_settingNames =
    [
        nameof(MaxArrayLength), nameof(MaxArraysPerShard), nameof(ShardCount), nameof(ThreadLocalCache),
        nameof(SizeClasses), nameof(MaxRetainedBytes), nameof(TrimAfter), nameof(ClearOnReturn), nameof(PinnedArrays),
    ];

    /// <summary>
    /// Gets the options <see cref="ScalableArrayPool{T}.Shared"/> is created with: the defaults, changed by the
    /// runtimeconfig.json properties <c>Gen0.SharedArrayPool.&lt;Option&gt;</c> (in a project:
    /// <c>&lt;RuntimeHostConfigurationOption Include="Gen0.SharedArrayPool.MaxRetainedBytes" Value="268435456" /&gt;</c>)
    /// and, over those, the environment variables <c>GEN0_SHAREDARRAYPOOL_&lt;OPTION&gt;</c> (upper case). Options:
    /// <see cref="MaxArrayLength"/>, <see cref="MaxArraysPerShard"/>, <see cref="ShardCount"/> and
    /// <see cref="MaxRetainedBytes"/> (integers), <see cref="ThreadLocalCache"/> and <see cref="PinnedArrays"/> (<c>true</c>/<c>false</c>),
    /// <see cref="SizeClasses"/> and <see cref="ClearOnReturn"/> (a member name), <see cref="TrimAfter"/> (a
    /// <see cref="TimeSpan"/> such as <c>00:00:30</c>, or <c>Infinite</c>). Call it at start-up to fail there, rather
    /// than at the first use of <c>Shared</c>, when a setting is wrong.
    /// </summary>
    /// <returns>New options; each call reads the settings again.</returns>
    /// <exception cref="ArgumentException">A setting cannot be parsed or is out of range; the message names it, its
    /// source and the values allowed.</exception>
    public static ScalableArrayPoolOptions FromRuntimeSettings() => FromRuntimeSettings(Environment.GetEnvironmentVariable, AppContext.GetData);

    /// <summary>Reads the settings through the given lookups (tests pass their own).</summary>
    internal static ScalableArrayPoolOptions FromRuntimeSettings(Func<string, string?> environment, Func<string, object?> runtimeConfig)
    {
        var options = new ScalableArrayPoolOptions { Name = "Shared" };
        foreach (string name in s_settingNames)
        {
            string variable = EnvironmentVariablePrefix + name.ToUpperInvariant();
            string property = RuntimeConfigPrefix + name;
            string? value = environment(variable);
            string source = "environment variable " + variable;
            if (value is null)
            {
                value = runtimeConfig(property) is { } data ? Convert.ToString(data, CultureInfo.InvariantCulture) : null;
                source = "runtimeconfig.json property " + property;
            }

            if (value is not null)
            {
                Apply(options, name, value.Trim(), source);
            }
        }

        return options;
    }

    private static void Apply(ScalableArrayPoolOptions options, string name, string value, string source)
    {
        try
        {
            switch (name)
            {
                case nameof(MaxArrayLength):
                    options.MaxArrayLength = ParseInt32(value);
                    break;
                case nameof(MaxArraysPerShard):
                    options.MaxArraysPerShard = ParseInt32(value);
                    break;
                case nameof(ShardCount):
                    options.ShardCount = ParseInt32(value);
                    break;
                case nameof(MaxRetainedBytes):
                    options.MaxRetainedBytes = ParseInt64(value);
                    break;
                case nameof(ThreadLocalCache):
                    options.ThreadLocalCache = bool.Parse(value);
                    break;
                case nameof(PinnedArrays):
                    options.PinnedArrays = bool.Parse(value);
                    break;
                case nameof(SizeClasses):
                    options.SizeClasses = ParseName<SizeClasses>(value);
                    break;
                case nameof(ClearOnReturn):
                    options.ClearOnReturn = ParseName<ClearMode>(value);
                    break;
                default:
                    options.TrimAfter = string.Equals(value, "Infinite", StringComparison.OrdinalIgnoreCase)
                        ? Timeout.InfiniteTimeSpan
                        : TimeSpan.Parse(value, CultureInfo.InvariantCulture);
                    break;
            }
        }
        catch (Exception ex) when (ex is FormatException or OverflowException or ArgumentException)
        {
            throw new ArgumentException(
                $"The {source} is '{value}', which ScalableArrayPool<T>.Shared cannot use: {Describe(name)} ({ex.Message})",
                name,
                ex);
        }
    }

    private static int ParseInt32(string value) => int.Parse(value, NumberStyles.Integer, CultureInfo.InvariantCulture);

    private static long ParseInt64(string value) => long.Parse(value, NumberStyles.Integer, CultureInfo.InvariantCulture);

    private static TEnum ParseName<TEnum>(string value)
        where TEnum : struct, Enum
    {
        // Names only: a number would slip any value past Enum.TryParse.
        foreach (TEnum member in Enum.GetValues<TEnum>())
        {
            if (string.Equals(member.ToString(), value, StringComparison.OrdinalIgnoreCase))
            {
                return member;
            }
        }

        throw new FormatException($"'{value}' is not one of {string.Join(", ", Enum.GetNames(typeof(TEnum)))}.");
    }

    private static string Describe(string name) => name switch
    {
        nameof(MaxArrayLength) => $"MaxArrayLength takes an integer from 1 to {Array.MaxLength}",
        nameof(MaxArraysPerShard) => "MaxArraysPerShard takes an integer from 0 to 1048576",
        nameof(ShardCount) => $"ShardCount takes an integer from 1 to {MaxShardCount}",
        nameof(MaxRetainedBytes) => "MaxRetainedBytes takes a byte count, 0 or more",
        nameof(ThreadLocalCache) => "ThreadLocalCache takes true or false",
        nameof(PinnedArrays) => "PinnedArrays takes true or false",
        nameof(SizeClasses) => "SizeClasses takes PowerOfTwo or Fine",
        nameof(ClearOnReturn) => "ClearOnReturn takes Auto, Always or Never",
        _ => $"TrimAfter takes a positive time span up to {int.MaxValue / 2} ms, such as 00:00:30, or Infinite",
    };
}
