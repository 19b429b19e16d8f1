using System;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// One path's view of a tracked rental: what the tracked variable holds (<see cref="Ownership"/>, one bit of
/// <see cref="OwnershipState"/>), the values of up to <see cref="MaxFlags"/> bool locals or parameters that guard
/// rents and returns (path correlation), and which of up to <see cref="MaxAliases"/> alias variables (spans, segments,
/// copies of the reference, flow captures) currently refer to the rental. Packed in one <see cref="uint"/>.
/// </summary>
internal readonly struct Fact : IEquatable<Fact>, IComparable<Fact>
{
    public const int MaxFlags = 4;
    public const int MaxAliases = 16;
    private const int FlagShift = 3;
    private const int AliasShift = FlagShift + (2 * MaxFlags);
    private const uint AliasMask = ((1u << MaxAliases) - 1) << AliasShift;
    private const uint FlagMask = ((1u << (2 * MaxFlags)) - 1) << FlagShift;

    private readonly uint _bits;

    private Fact(uint bits) => _bits = bits;

    public static Fact Of(OwnershipState ownership) => new(Index(ownership));

    public OwnershipState Ownership => (OwnershipState)(1 << (int)(_bits & 7));

    public bool Is(OwnershipState ownership) => Ownership == ownership;

    public Fact With(OwnershipState ownership) => new((_bits & ~7u) | Index(ownership));

    public FlagValue Flag(int index) => (FlagValue)((_bits >> (FlagShift + (2 * index))) & 3);

    public Fact WithFlag(int index, FlagValue value)
    {
        int shift = FlagShift + (2 * index);
        return new((_bits & ~(3u << shift)) | ((uint)value << shift));
    }

    public Fact WithoutFlags() => new(_bits & ~FlagMask);

    public bool Alias(int index) => ((_bits >> (AliasShift + index)) & 1) != 0;

    public Fact WithAlias(int index, bool on) =>
        on ? new(_bits | (1u << (AliasShift + index))) : new(_bits & ~(1u << (AliasShift + index)));

    public Fact WithoutAliases() => new(_bits & ~AliasMask);

    public bool Equals(Fact other) => _bits == other._bits;

    public override bool Equals(object? obj) => obj is Fact other && Equals(other);

    public override int GetHashCode() => (int)_bits;

    public int CompareTo(Fact other) => _bits.CompareTo(other._bits);

    private static uint Index(OwnershipState ownership) => ownership switch
    {
        OwnershipState.Owned => 0,
        OwnershipState.Released => 1,
        OwnershipState.Escaped => 2,
        OwnershipState.Lent => 4,
        _ => 3,
    };
}

/// <summary>What a path knows about a bool guard.</summary>
internal enum FlagValue : byte
{
    Unknown = 0,
    True = 1,
    False = 2,
}
