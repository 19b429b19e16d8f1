using System.Runtime.CompilerServices;
using System.Text;

namespace Gen0;

/// <summary>netstandard2.0: the interpolated string handler behind the <c>string.Create(IFormatProvider, ...)</c> polyfill (a <see cref="StringBuilder"/>; .NET's formats into a rented buffer).</summary>
[InterpolatedStringHandler]
internal ref struct CultureInterpolatedStringHandler
{
    private readonly IFormatProvider? _provider;
    private StringBuilder? _builder;

    /// <summary>Initializes the handler.</summary>
    /// <param name="literalLength">The length of the literal parts.</param>
    /// <param name="formattedCount">The number of holes.</param>
    /// <param name="provider">The culture.</param>
    public CultureInterpolatedStringHandler(int literalLength, int formattedCount, IFormatProvider? provider)
    {
        _provider = provider;
        _builder = new StringBuilder(literalLength + (formattedCount * 8));
    }

    /// <summary>Appends a literal part.</summary>
    /// <param name="value">The text.</param>
    public readonly void AppendLiteral(string value) => _builder!.Append(value);

    /// <summary>Appends a hole, formatted with the culture.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="value">The value.</param>
    public readonly void AppendFormatted<T>(T value) => AppendFormatted(value, null);

    /// <summary>Appends a hole, formatted with the culture and <paramref name="format"/>.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The format.</param>
    public readonly void AppendFormatted<T>(T value, string? format) =>
        _builder!.Append(value is IFormattable formattable ? formattable.ToString(format, _provider) : value?.ToString());

    /// <summary>Returns the text and drops the builder.</summary>
    /// <returns>The text.</returns>
    public string ToStringAndClear()
    {
        string result = _builder!.ToString();
        _builder = null;
        return result;
    }
}
