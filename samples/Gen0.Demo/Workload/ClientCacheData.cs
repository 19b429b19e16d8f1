namespace Gen0.Demo.Workload;

/// <summary>
/// The simulated service's "database", built once per process from a seed: access groups of 30,000 to 100,000
/// member ids (seed 004's sizes) and users who belong to one to four groups. Both modes read the same data.
/// </summary>
internal sealed class ClientCacheData
{
    public const int GroupCount = 32;
    public const int UserCount = 512;
    public const int IdUniverse = 1 << 21;
    public const int MaxRecordsPerCache = 1_500;

    private ClientCacheData(int[][] groups, UserProfile[] users)
    {
        Groups = groups;
        Users = users;
    }

    /// <summary>Gets the member ids of each access group, unsorted, without duplicates inside a group.</summary>
    public int[][] Groups { get; }

    public UserProfile[] Users { get; }

    public static ClientCacheData Create(int seed)
    {
        var random = new Random(seed);
        var groups = new int[GroupCount][];
        var seen = new HashSet<int>();
        for (int g = 0; g < groups.Length; g++)
        {
            int size = random.Next(30_000, 100_001);
            var members = new int[size];
            seen.Clear();
            for (int i = 0; i < size;)
            {
                int id = random.Next(IdUniverse);
                if (seen.Add(id))
                {
                    members[i++] = id;
                }
            }

            groups[g] = members;
        }

        var users = new UserProfile[UserCount];
        for (int u = 0; u < users.Length; u++)
        {
            int count = 1 + (random.Next(100) switch { < 40 => 0, < 70 => 1, < 90 => 2, _ => 3 });
            int[] indexes = Enumerable.Range(0, GroupCount).OrderBy(_ => random.Next()).Take(count).ToArray();
            users[u] = new UserProfile(u, indexes);
        }

        return new ClientCacheData(groups, users);
    }

    /// <summary>Returns the user that request <paramref name="requestId"/> is for; the same in every mode and process.</summary>
    public UserProfile UserFor(long requestId, int seed)
    {
        ulong mixed = OutputDigest.Mix((ulong)requestId ^ ((ulong)(uint)seed << 32));
        return Users[(int)(mixed % UserCount)];
    }

    /// <summary>The record for visible id <paramref name="id"/>; deterministic, so both modes build equal records.</summary>
    public static ClientRecord RecordFor(int id) => new(id, "item-" + id.ToString(System.Globalization.CultureInfo.InvariantCulture), id % 977, ((long)id * 31) + 7);

    /// <summary>The stride at which records are taken from the sorted visible ids.</summary>
    public static int RecordStride(int visibleCount) => Math.Max(1, visibleCount / MaxRecordsPerCache);
}
