using Gen0.Tests.Infrastructure;
using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Xml;
using Gen0.IO;

namespace Gen0.Tests.IO;

/// <summary>The README quick-start for Gen0.IO, kept compiling and passing here.</summary>
public class QuickStartTests
{
    [Fact]
    public void QuickStart()
    {
        var payload = new { Id = 42, Items = Enumerable.Range(0, 10_000).ToArray() };

        // --- quick-start: begin ---
        // Build a large payload in pooled 64 KiB blocks: no LOH array, no doubling copies.
        using var stream = new PooledMemoryStream();
        JsonSerializer.Serialize(stream, payload);

        // Read it without copying (the segment chain is cached: no allocation per call) ...
        ReadOnlySequence<byte> json = stream.GetReadOnlySequence();

        // ... or copy it out to a socket, a file, a response body.
        var destination = new MemoryStream();
        stream.WriteTo(destination);

        // Send JSON as Base64 inside XML without a temporary byte[] (seed 004).
        var xmlText = new StringWriter();
        using (XmlWriter xml = XmlWriter.Create(xmlText, new XmlWriterSettings { OmitXmlDeclaration = true }))
        {
            xml.WriteStartElement("Binary");
            Base64Json.Serialize(xml, payload);
            xml.WriteEndElement();
        }
        // --- quick-start: end ---

        byte[] expected = JsonSerializer.SerializeToUtf8Bytes(payload);
        SpanAssert.Equal(expected, json.ToArray());
        SpanAssert.Equal(expected, destination.ToArray());
        Assert.Equal($"<Binary>{Convert.ToBase64String(expected)}</Binary>", xmlText.ToString());
        Assert.Equal(Encoding.UTF8.GetString(expected), Encoding.UTF8.GetString(stream.ToArray()));
    }
}
