// The web demo: List<Record> vs PooledList<Record> under a bounded loopback load (issue #7 completes it).
WebApplicationBuilder builder = WebApplication.CreateBuilder(args);
WebApplication app = builder.Build();
app.MapGet("/", () => "Gen0 web demo");
app.Run();
