namespace Gen0.Demo.Workload;

/// <summary>Builds one user's client cache and writes it, as JSON and then as Base64 of that JSON, into the response.</summary>
internal interface IRequestHandler
{
    void Handle(UserProfile user, Stream response);
}
