using System.Buffers;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>
/// One pool configuration the contract and stress suites run against: every <see cref="ScalableArrayPool{T}"/>
/// layout the brief names, <see cref="GuardedArrayPool{T}"/>, and <see cref="ArrayPool{T}.Shared"/> as the control.
/// </summary>
internal sealed class ArrayPoolUnderTest<T> : IDisposable
{
    /// <summary>The configurations, by name (the theory data of every suite).</summary>
    public static readonly string[] Names =
    [
        "BclShared",
        "ScalableShared",
        "ScalableDefault",
        "ForLargeArrays",
        "Fine",
        "SmallBudget",
        "ZeroBudget",
        "OneShard",
        "SmallMaximum",
        "GuardedScalable",
        "GuardedCreate",
    ];

    private ArrayPoolUnderTest(string name, ArrayPool<T> pool, ScalableArrayPool<T>? scalable, int maxArrayLength, bool owned)
    {
        Name = name;
        Pool = pool;
        Scalable = scalable;
        MaxArrayLength = maxArrayLength;
        Owned = owned;
    }

    public string Name { get; }

    public ArrayPool<T> Pool { get; }

    /// <summary>The scalable pool itself (also when guarded), for statistics; null for the BCL pools.</summary>
    public ScalableArrayPool<T>? Scalable { get; }

    /// <summary>The longest length the pool keeps (the BCL's Shared keeps up to 2^30).</summary>
    public int MaxArrayLength { get; }

    public bool IsControl => Name == "BclShared";

    public bool IsGuarded => Pool is GuardedArrayPool<T>;

    /// <summary>Whether a returned array of a kept length comes back on the next same-thread rent of that length.</summary>
    public bool ReusesOnSameThread => Name is not ("ZeroBudget" or "GuardedCreate") && !IsGuarded && (!IsControl || TestPlatform.BclMatchesNet);

    private bool Owned { get; }

    public static ArrayPoolUnderTest<T> Create(string name)
    {
        switch (name)
        {
            case "BclShared":
                return new(name, ArrayPool<T>.Shared, null, ScalableArrayPoolOptions.DefaultMaxArrayLength, owned: false);
            case "ScalableShared":
                return new(name, ScalableArrayPool<T>.Shared, ScalableArrayPool<T>.Shared, ScalableArrayPool<T>.Shared.MaxArrayLength, owned: false);
            case "GuardedScalable":
            {
                var inner = new ScalableArrayPool<T>(new ScalableArrayPoolOptions { Name = name });
                return new(name, new GuardedArrayPool<T>(inner, captureStackTraces: false), inner, inner.MaxArrayLength, owned: true);
            }

            case "GuardedCreate":
                return new(name, new GuardedArrayPool<T>(ArrayPool<T>.Create(), captureStackTraces: false), null, 1024 * 1024, owned: false);
            default:
            {
                ScalableArrayPoolOptions options = name switch
                {
                    "ScalableDefault" => new ScalableArrayPoolOptions(),
                    "ForLargeArrays" => ScalableArrayPoolOptions.ForLargeArrays,
                    "Fine" => new ScalableArrayPoolOptions { SizeClasses = SizeClasses.Fine },
                    "SmallBudget" => new ScalableArrayPoolOptions { MaxRetainedBytes = 64 * 1024 },
                    "ZeroBudget" => new ScalableArrayPoolOptions { MaxRetainedBytes = 0 },
                    "OneShard" => new ScalableArrayPoolOptions { ShardCount = 1 },
                    "SmallMaximum" => new ScalableArrayPoolOptions { MaxArrayLength = 1000, SizeClasses = SizeClasses.Fine },
                    _ => throw new ArgumentOutOfRangeException(nameof(name), name, "Unknown configuration."),
                };
                options.Name = name;
                var pool = new ScalableArrayPool<T>(options);
                return new(name, pool, pool, pool.MaxArrayLength, owned: true);
            }
        }
    }

    public static TheoryData<string> All()
    {
        var data = new TheoryData<string>();
        foreach (string name in Names)
        {
            data.Add(name);
        }

        return data;
    }

    public void Dispose()
    {
        if (Owned)
        {
            Scalable?.Dispose();
        }
    }

    public override string ToString() => Name;
}
