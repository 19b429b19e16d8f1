using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Xml;
using Gen0.IO;

namespace Gen0.Tests.IO;

public class Base64JsonTests
{
    public static TheoryData<int> Sizes() => [0, 1, 10, 5_000];

    [Theory]
    [MemberData(nameof(Sizes))]
    public void Serialize_ToEachDestination_EqualsBase64OfSerializeToUtf8Bytes(int count)
    {
        Order[] value = Order.Many(count);
        var options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
        string expected = Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(value, options));

        var bytes = new MemoryStream();
        Base64Json.Serialize(bytes, value, options);
        Assert.Equal(expected, Encoding.ASCII.GetString(bytes.ToArray()));
        Assert.True(bytes.CanWrite, "The destination stream must be left open.");

        var text = new StringWriter();
        Base64Json.Serialize(text, value, options);
        Assert.Equal(expected, text.ToString());

        var xmlText = new StringWriter();
        using (XmlWriter xml = XmlWriter.Create(xmlText, new XmlWriterSettings { OmitXmlDeclaration = true }))
        {
            xml.WriteStartElement("Binary");
            Base64Json.Serialize(xml, value, options);
            xml.WriteEndElement();
        }

        Assert.Equal($"<Binary>{expected}</Binary>", xmlText.ToString());

        var typed = new MemoryStream();
        var typeInfo = (JsonTypeInfo<Order[]>)options.GetTypeInfo(typeof(Order[]));
        Base64Json.Serialize(typed, value, typeInfo);
        Assert.Equal(expected, Encoding.ASCII.GetString(typed.ToArray()));
    }

    [Fact]
    public async Task SerializeAsync_EqualsBase64OfSerializeToUtf8Bytes()
    {
        Order[] value = Order.Many(20_000);
        string expected = Convert.ToBase64String(JsonSerializer.SerializeToUtf8Bytes(value));

        var bytes = new MemoryStream();
        await Base64Json.SerializeAsync(bytes, value);
        Assert.Equal(expected, Encoding.ASCII.GetString(bytes.ToArray()));

        var text = new StringWriter();
        await Base64Json.SerializeAsync(text, value);
        Assert.Equal(expected, text.ToString());

        var typed = new MemoryStream();
        await Base64Json.SerializeAsync(typed, value, (JsonTypeInfo<Order[]>)JsonSerializerOptions.Default.GetTypeInfo(typeof(Order[])));
        Assert.Equal(expected, Encoding.ASCII.GetString(typed.ToArray()));
    }

    [Fact]
    public void Serialize_WhenTheSerializerThrows_WritesNoPadding()
    {
        var bytes = new MemoryStream();
        Assert.Throws<InvalidOperationException>(() => Base64Json.Serialize(bytes, new Faulty()));
        Assert.True(bytes.CanWrite);
        Assert.DoesNotContain((byte)'=', bytes.ToArray());
    }

    public sealed class Faulty
    {
        public string Name => "x";

        public string Boom => throw new InvalidOperationException("boom");
    }

    public sealed record Order(int Id, string Customer, decimal Total, string[] Lines)
    {
        public static Order[] Many(int count) =>
            Enumerable.Range(0, count).Select(i => new Order(i, $"customer-{i} \u00e9\u4e2d", i * 1.25m, [$"line {i}", "x"])).ToArray();
    }
}
