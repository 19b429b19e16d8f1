namespace Gen0.Demo.Workload;

/// <summary>The same request written with Gen0 (filled in as the packages land).</summary>
internal sealed class Gen0RequestHandler(ClientCacheData data) : IRequestHandler
{
    private readonly BaselineRequestHandler _fallback = new(data);

    public void Handle(UserProfile user, Stream response) => _fallback.Handle(user, response);
}
