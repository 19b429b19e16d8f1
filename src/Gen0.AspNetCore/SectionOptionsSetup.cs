using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Options;

namespace Gen0.AspNetCore;

/// <summary>
/// Binds one options type from a configuration section (<see cref="IConfigureOptions{TOptions}"/>) and validates it
/// (<see cref="IValidateOptions{TOptions}"/>, run at start-up by <c>ValidateOnStart</c>): every binding problem of the
/// section, then the rules of the options type itself applied to the final options (configuration and code together).
/// </summary>
/// <typeparam name="TOptions">The options type.</typeparam>
internal sealed class SectionOptionsSetup<TOptions> : IConfigureOptions<TOptions>, IValidateOptions<TOptions>
    where TOptions : class, new()
{
    private readonly IConfiguration? _section;
    private readonly Func<IConfiguration, TOptions, List<string>> _bind;
    private readonly Func<TOptions, string, string?> _validate;
    private readonly string _path;

    /// <param name="section">The section, or <see langword="null"/> when the options come from code only (then only the type's rules are checked).</param>
    /// <param name="path">The key to name in messages when there is no section.</param>
    /// <param name="bind">Binds a section onto an options object and returns the problems.</param>
    /// <param name="validate">Applies the type's own rules to final options; returns a message (naming keys under the given path) or null.</param>
    public SectionOptionsSetup(IConfiguration? section, string path, Func<IConfiguration, TOptions, List<string>> bind, Func<TOptions, string, string?> validate)
    {
        _section = section;
        _bind = bind;
        _validate = validate;
        _path = section is null ? path : ConfigurationSectionBinder.PathOf(section);
    }

    /// <inheritdoc/>
    public void Configure(TOptions options)
    {
        if (_section is not null)
        {
            // Problems are reported by Validate, at start-up; a value that failed to bind leaves the default.
            _bind(_section, options);
        }
    }

    /// <inheritdoc/>
    public ValidateOptionsResult Validate(string? name, TOptions options)
    {
        if (name is not null && name != Options.DefaultName)
        {
            return ValidateOptionsResult.Skip;
        }

        List<string> problems = _section is null ? [] : _bind(_section, new TOptions());
        if (problems.Count == 0 && _validate(options, _path) is { } invalid)
        {
            problems.Add(invalid);
        }

        return problems.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(problems);
    }
}
