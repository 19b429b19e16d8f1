using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Gen0;

/// <summary>
/// netstandard2.0: the argument throw helpers .NET 6-8 added to the exception types, as C# 14 static extension members
/// so that call sites read as on .NET (<c>ArgumentNullException.ThrowIfNull(x)</c>). Same exceptions, same messages' meaning.
/// </summary>
internal static class ExceptionPolyfills
{
    extension(ArgumentNullException)
    {
        /// <summary>Throws an <see cref="ArgumentNullException"/> if <paramref name="argument"/> is null.</summary>
        /// <param name="argument">The argument.</param>
        /// <param name="paramName">Its name (filled by the compiler).</param>
        public static void ThrowIfNull([NotNull] object? argument, [CallerArgumentExpression(nameof(argument))] string? paramName = null)
        {
            if (argument is null)
            {
                ThrowNull(paramName);
            }
        }
    }

    extension(ArgumentOutOfRangeException)
    {
        /// <summary>Throws an <see cref="ArgumentOutOfRangeException"/> if <paramref name="value"/> is negative.</summary>
        /// <param name="value">The argument.</param>
        /// <param name="paramName">Its name (filled by the compiler).</param>
        public static void ThrowIfNegative(int value, [CallerArgumentExpression(nameof(value))] string? paramName = null)
        {
            if (value < 0)
            {
                ThrowOutOfRange(paramName, value, "must be a non-negative value.");
            }
        }

        /// <summary>Throws an <see cref="ArgumentOutOfRangeException"/> if <paramref name="value"/> is negative.</summary>
        /// <param name="value">The argument.</param>
        /// <param name="paramName">Its name (filled by the compiler).</param>
        public static void ThrowIfNegative(long value, [CallerArgumentExpression(nameof(value))] string? paramName = null)
        {
            if (value < 0)
            {
                ThrowOutOfRange(paramName, value, "must be a non-negative value.");
            }
        }

        /// <summary>Throws an <see cref="ArgumentOutOfRangeException"/> if <paramref name="value"/> is negative or zero.</summary>
        /// <param name="value">The argument.</param>
        /// <param name="paramName">Its name (filled by the compiler).</param>
        public static void ThrowIfNegativeOrZero(int value, [CallerArgumentExpression(nameof(value))] string? paramName = null)
        {
            if (value <= 0)
            {
                ThrowOutOfRange(paramName, value, "must be a non-negative and non-zero value.");
            }
        }
    }

    extension(ObjectDisposedException)
    {
        /// <summary>Throws an <see cref="ObjectDisposedException"/> if <paramref name="condition"/> is true.</summary>
        /// <param name="condition">Whether the instance is disposed.</param>
        /// <param name="instance">The instance (its type names the exception's object).</param>
        public static void ThrowIf([DoesNotReturnIf(true)] bool condition, object instance)
        {
            if (condition)
            {
                throw new ObjectDisposedException(instance?.GetType().FullName);
            }
        }
    }

    [DoesNotReturn]
    private static void ThrowNull(string? paramName) => throw new ArgumentNullException(paramName);

    [DoesNotReturn]
    private static void ThrowOutOfRange(string? paramName, object value, string what) =>
        throw new ArgumentOutOfRangeException(paramName, value, $"{paramName} ('{value}') {what}");
}
