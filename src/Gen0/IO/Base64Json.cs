using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Xml;

namespace Gen0.IO;

/// <summary>
/// Serializes a value with System.Text.Json straight into Base64 text in a <see cref="Stream"/>, a
/// <see cref="TextWriter"/> or an <see cref="XmlWriter"/>, through a <see cref="Base64EncodingStream"/>: the JSON never
/// exists as one <c>byte[]</c> (seed 004's fix for JSON sent as Base64 inside an XML body).
/// </summary>
/// <remarks>
/// The output equals <c>Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(value, options))</c>. The
/// serializer writes to the encoding stream through its own pooled buffer, flushing as it goes; the encoding stream
/// holds at most two bytes between writes. The destination is left open. If serialization throws, no padding is
/// written and the destination holds a truncated payload.
/// </remarks>
public static class Base64Json
{
    private const string ReflectionMessage = "JSON serialization and deserialization might require types that cannot be statically analyzed. Use the overload that takes a JsonTypeInfo<T>, or make sure all of the required types are preserved.";
    private const string DynamicCodeMessage = "JSON serialization and deserialization might require types that cannot be statically analyzed and might need runtime code generation. Use the overload that takes a JsonTypeInfo<T> with a source-generated context.";

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/>.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The stream that receives the Base64 text as ASCII bytes; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">Serializer options; <see langword="null"/> for the defaults.</param>
    [RequiresUnreferencedCode(ReflectionMessage)]
    [RequiresDynamicCode(DynamicCodeMessage)]
    public static void Serialize<T>(Stream destination, T value, JsonSerializerOptions? options = null) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, options));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/>.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The writer that receives the Base64 text; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">Serializer options; <see langword="null"/> for the defaults.</param>
    [RequiresUnreferencedCode(ReflectionMessage)]
    [RequiresDynamicCode(DynamicCodeMessage)]
    public static void Serialize<T>(TextWriter destination, T value, JsonSerializerOptions? options = null) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, options));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/> with <see cref="XmlWriter.WriteBase64"/>, inside the element the caller has started.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The XML writer; left open, its element left for the caller to end.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">Serializer options; <see langword="null"/> for the defaults.</param>
    [RequiresUnreferencedCode(ReflectionMessage)]
    [RequiresDynamicCode(DynamicCodeMessage)]
    public static void Serialize<T>(XmlWriter destination, T value, JsonSerializerOptions? options = null) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, options));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/>, using source-generated metadata (trimming- and AOT-safe).</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The stream that receives the Base64 text as ASCII bytes; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="jsonTypeInfo">The metadata for <typeparamref name="T"/>.</param>
    public static void Serialize<T>(Stream destination, T value, JsonTypeInfo<T> jsonTypeInfo) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, jsonTypeInfo));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/>, using source-generated metadata.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The writer that receives the Base64 text; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="jsonTypeInfo">The metadata for <typeparamref name="T"/>.</param>
    public static void Serialize<T>(TextWriter destination, T value, JsonTypeInfo<T> jsonTypeInfo) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, jsonTypeInfo));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/>, using source-generated metadata.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The XML writer; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="jsonTypeInfo">The metadata for <typeparamref name="T"/>.</param>
    public static void Serialize<T>(XmlWriter destination, T value, JsonTypeInfo<T> jsonTypeInfo) =>
        Run(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.Serialize(stream, value, jsonTypeInfo));

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/> asynchronously.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The stream that receives the Base64 text as ASCII bytes; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">Serializer options; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation.</param>
    /// <returns>A task that completes when the padding is written.</returns>
    [RequiresUnreferencedCode(ReflectionMessage)]
    [RequiresDynamicCode(DynamicCodeMessage)]
    public static Task SerializeAsync<T>(Stream destination, T value, JsonSerializerOptions? options = null, CancellationToken cancellationToken = default) =>
        RunAsync(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.SerializeAsync(stream, value, options, cancellationToken), cancellationToken);

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/> asynchronously.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The writer that receives the Base64 text; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="options">Serializer options; <see langword="null"/> for the defaults.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation.</param>
    /// <returns>A task that completes when the padding is written.</returns>
    [RequiresUnreferencedCode(ReflectionMessage)]
    [RequiresDynamicCode(DynamicCodeMessage)]
    public static Task SerializeAsync<T>(TextWriter destination, T value, JsonSerializerOptions? options = null, CancellationToken cancellationToken = default) =>
        RunAsync(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.SerializeAsync(stream, value, options, cancellationToken), cancellationToken);

    /// <summary>Writes <paramref name="value"/> as Base64-encoded UTF-8 JSON to <paramref name="destination"/> asynchronously, using source-generated metadata.</summary>
    /// <typeparam name="T">The type to serialize as.</typeparam>
    /// <param name="destination">The stream that receives the Base64 text as ASCII bytes; left open.</param>
    /// <param name="value">The value to serialize.</param>
    /// <param name="jsonTypeInfo">The metadata for <typeparamref name="T"/>.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation.</param>
    /// <returns>A task that completes when the padding is written.</returns>
    public static Task SerializeAsync<T>(Stream destination, T value, JsonTypeInfo<T> jsonTypeInfo, CancellationToken cancellationToken = default) =>
        RunAsync(new Base64EncodingStream(destination, leaveOpen: true), stream => JsonSerializer.SerializeAsync(stream, value, jsonTypeInfo, cancellationToken), cancellationToken);

    private static void Run(Base64EncodingStream stream, Action<Base64EncodingStream> serialize)
    {
        try
        {
            serialize(stream);
            stream.FlushFinalBlock();
        }
        catch
        {
            stream.Abandon();
            throw;
        }
        finally
        {
            stream.Dispose();
        }
    }

    private static async Task RunAsync(Base64EncodingStream stream, Func<Base64EncodingStream, Task> serialize, CancellationToken cancellationToken)
    {
        try
        {
            await serialize(stream).ConfigureAwait(false);
            await stream.FlushFinalBlockAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            stream.Abandon();
            throw;
        }
        finally
        {
            await stream.DisposeAsync().ConfigureAwait(false);
        }
    }
}
