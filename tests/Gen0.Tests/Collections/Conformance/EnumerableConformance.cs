using System.Collections;
using System.Reflection;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// The bottom of the conformance hierarchy: what every collection's enumeration must do. Each case runs on the
/// subject and on its BCL twin and compares the outcomes (values, or exception type and parameter name); a few
/// expectations the BCL documents are also checked on their own, so that the control classes (the BCL type run
/// through the same base) show where .NET 10 itself no longer meets one.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
public abstract partial class EnumerableConformance<T>
{
    /// <summary>Gets the sizes every case runs at; chunked subjects with tiny chunks add the chunk boundaries.</summary>
    protected virtual int[] Sizes => [0, 1, 2, 75];

    /// <summary>Gets the number of variants (comparers) every case runs with; see <see cref="Variant"/>.</summary>
    protected virtual int VariantCount => 1;

    /// <summary>Gets the variant the cases run with now (an index into the family's comparers).</summary>
    protected int Variant { get; private set; }

    /// <summary>Gets a name for the current variant, for messages.</summary>
    protected virtual string VariantName => string.Empty;

    /// <summary>Gets whether this class runs the BCL type itself (the control): Gen0-only expectations are skipped.</summary>
    protected abstract bool IsControl { get; }

    /// <summary>
    /// Gets whether the twin's non-generic <c>Current</c> reads a default value, instead of throwing, once an
    /// enumeration has ended and the collection has been modified: <see cref="Dictionary{TKey, TValue}"/> and
    /// <see cref="HashSet{T}"/> mark the end with <c>count + 1</c>, which a later Add moves. The stricter expectation
    /// (throw, as <see cref="List{T}"/> does) is checked everywhere else.
    /// </summary>
    protected virtual bool TwinReadsDefaultAfterEndAndModification => false;

    /// <summary>
    /// Gets whether the twin's non-generic <c>Current</c> throws before the first <c>MoveNext</c> and after the last.
    /// .NET 10's <see cref="Stack{T}"/> and <see cref="Queue{T}"/> enumerators read a default value there instead
    /// (the control classes expose it); the documented expectation, to throw, is checked for every other family.
    /// </summary>
    protected virtual bool TwinThrowsFromCurrentOutsideEnumeration => true;

    /// <summary>Returns the i-th distinct item (distinct under every comparer the family uses).</summary>
    protected abstract T Item(int i);

    /// <summary>Creates the subject holding <c>Item(0)</c> to <c>Item(count - 1)</c>.</summary>
    protected abstract IEnumerable<T> CreateSubject(int count);

    /// <summary>Creates the BCL twin holding <c>Item(0)</c> to <c>Item(count - 1)</c>.</summary>
    protected abstract IEnumerable<T> CreateTwin(int count);

    /// <summary>Changes the collection so that its enumerators become invalid (adds an item not yet present).</summary>
    protected abstract void Modify(IEnumerable<T> collection);

    [Fact]
    public void EnumerationMatchesTwin() => ForEachCase((size, name) =>
        {
            IEnumerable<T> twin = CreateTwin(size);
            IEnumerable<T> subject = CreateSubject(size);
            Conformance.SameSequence(twin, subject, $"size {size}: generic enumeration");
            Conformance.SameSequence(((IEnumerable)twin).Cast<object>().ToList(), ((IEnumerable)subject).Cast<object>().ToList(), $"size {size}: non-generic enumeration");
            Conformance.Expect(size.ToString(System.Globalization.CultureInfo.InvariantCulture), subject.Count().ToString(System.Globalization.CultureInfo.InvariantCulture), $"{name}: element count");
            DisposeSubject(subject);
        });

    [Fact]
    public void EnumeratorStateMatrixMatchesTwin() => ForEachCase((size, name) =>
        {
            foreach (bool generic in new[] { true, false })
            {
                foreach (string scenario in new[] { "before start and after end", "after end + modification", "mid + modification", "after Reset" })
                {
                    IEnumerable<T> twin = CreateTwin(size);
                    IEnumerable<T> subject = CreateSubject(size);
                    CompareScenario(
                        RunScenario(twin, size, generic, scenario, () => Modify(twin)),
                        RunScenario(subject, size, generic, scenario, () => Modify(subject)),
                        $"{name}, {(generic ? "generic" : "non-generic")}, {scenario}");
                    DisposeSubject(subject);
                }
            }
        });

    [Fact]
    public void EnumeratorDocumentedExpectations() => ForEachCase((size, name) =>
        {
            IEnumerable<T> subject = CreateSubject(size);
            IEnumerator enumerator = ((IEnumerable)subject).GetEnumerator();
            string outside = TwinThrowsFromCurrentOutsideEnumeration || size == 0 ? "InvalidOperationException" : "ok " + Conformance.Describe(default(T));
            Conformance.Expect(outside, Conformance.Outcome(() => enumerator.Current), $"{name}: Current before MoveNext");
            while (enumerator.MoveNext())
            {
            }

            Conformance.Expect("ok False", Conformance.Outcome(() => enumerator.MoveNext()), $"{name}: MoveNext after the end");
            Conformance.Expect(outside, Conformance.Outcome(() => enumerator.Current), $"{name}: Current after the end");
            Modify(subject);
            if (size == 0)
            {
                // Since .NET 8 an empty collection hands out a shared empty enumerator that no change invalidates.
                Conformance.Expect("ok False", Conformance.Outcome(() => enumerator.MoveNext()), "empty: MoveNext after a modification");
            }
            else
            {
                string expected = TwinReadsDefaultAfterEndAndModification || !TwinThrowsFromCurrentOutsideEnumeration ? "ok " + Conformance.Describe(default(T)) : "InvalidOperationException";
                Conformance.Expect(expected, Conformance.Outcome(() => enumerator.Current), $"{name}: Current after the end and a modification");
                Conformance.Expect("InvalidOperationException", Conformance.Outcome(() => enumerator.MoveNext()), $"{name}: MoveNext after a modification");
                Conformance.Expect("InvalidOperationException", Conformance.Outcome(enumerator.Reset), $"{name}: Reset after a modification");
            }

            DisposeSubject(subject);
        });

    [Fact]
    public void EveryMemberThrowsObjectDisposedAfterDispose()
    {
        if (IsControl)
        {
            // The BCL types are not disposable: nothing to compare.
            return;
        }

        foreach (int size in new[] { 0, 3 })
        {
            IEnumerable<T> subject = CreateSubject(size);
            IEnumerator live = ((IEnumerable)subject).GetEnumerator();
            IEnumerator<T> liveGeneric = subject.GetEnumerator();
            if (size > 0)
            {
                live.MoveNext();
            }

            ((IDisposable)subject).Dispose();
            ((IDisposable)subject).Dispose();
            Conformance.Expect("ok 0", Conformance.Outcome(() => CountOf(subject)), "Count after Dispose");
            if (size > 0)
            {
                Conformance.Expect("ObjectDisposedException", Conformance.Outcome(() => live.MoveNext()), "a live enumerator's MoveNext after Dispose");
                Conformance.Expect("ObjectDisposedException", Conformance.Outcome(live.Reset), "a live enumerator's Reset after Dispose");
                Conformance.Expect("ObjectDisposedException", Conformance.Outcome(() => liveGeneric.MoveNext()), "a live generic enumerator's MoveNext after Dispose");
            }

            foreach ((string name, Func<object?> call) in PublicMembers(subject))
            {
                Conformance.Expect("ObjectDisposedException", Conformance.Outcome(call), $"size {size}: {name} after Dispose");
            }
        }
    }

    /// <summary>Runs <paramref name="body"/> once per variant and size; the message prefix names both.</summary>
    protected void ForEachCase(Action<int, string> body)
    {
        for (int variant = 0; variant < VariantCount; variant++)
        {
            Variant = variant;
            foreach (int size in Sizes)
            {
                body(size, $"{VariantName} size {size}");
            }
        }

        Variant = 0;
    }

    /// <summary>Disposes a subject when it is disposable (the controls are not).</summary>
    protected static void DisposeSubject(object subject) => (subject as IDisposable)?.Dispose();

    /// <summary>Gets an argument for a parameter of <paramref name="type"/> that is valid on a live collection, or <see langword="null"/> if the base cannot make one.</summary>
    protected virtual object? ArgumentFor(Type type)
    {
        if (type == typeof(int) || type == typeof(long))
        {
            return Convert.ChangeType(0, type, System.Globalization.CultureInfo.InvariantCulture);
        }

        if (type == typeof(bool))
        {
            return false;
        }

        if (type == typeof(string))
        {
            return "key0a";
        }

        if (type == typeof(T) || type == typeof(object))
        {
            return Item(0);
        }

        if (type.IsArray)
        {
            return Array.CreateInstance(type.GetElementType()!, 100);
        }

        if (type.IsAssignableFrom(typeof(T[])))
        {
            return new[] { Item(0) };
        }

        if (type == typeof(Predicate<T>))
        {
            return new Predicate<T>(_ => true);
        }

        if (type == typeof(Action<T>))
        {
            return new Action<T>(_ => { });
        }

        if (type == typeof(Comparison<T>))
        {
            return new Comparison<T>((_, _) => 0);
        }

        if (type == typeof(IComparer<T>))
        {
            return Comparer<T>.Default;
        }

        if (type == typeof(IEqualityComparer<T>))
        {
            return EqualityComparer<T>.Default;
        }

        return null;
    }

    private static int CountOf(object subject) => subject switch
    {
        ICollection collection => collection.Count,
        IReadOnlyCollection<T> collection => collection.Count,
        _ => -1,
    };

    /// <summary>Every public instance method and property getter of the subject's type, called with valid arguments.</summary>
    private IEnumerable<(string Name, Func<object?> Call)> PublicMembers(object subject)
    {
        // Count reads 0 once disposed; the interface flags (IsReadOnly, IsSynchronized, IsFixedSize, SyncRoot) describe
        // the type rather than the instance's state, and keep answering.
        string[] exempt = ["Dispose", "get_Count", "GetType", "ToString", "Equals", "GetHashCode", "get_IsReadOnly", "get_IsSynchronized", "get_IsFixedSize", "get_SyncRoot"];
        // The public surface and every interface member (explicit implementations included).
        IEnumerable<MethodInfo> methods = subject.GetType().GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Concat(subject.GetType().GetInterfaces().Where(i => i != typeof(IDisposable)).SelectMany(i => i.GetMethods()));
        foreach ((MethodInfo method, bool wrongObjects) in methods.SelectMany(m => new[] { (m, false), (m, true) }))
        {
            // Members that take an object run twice: with a valid value and with a wrong-typed one.
            if (wrongObjects && !method.GetParameters().Any(p => p.ParameterType == typeof(object)))
            {
                continue;
            }

            // Reflection cannot return a span (it throws NotSupportedException itself): those members are skipped.
            if (exempt.Contains(method.Name) || method.IsGenericMethodDefinition || method.DeclaringType == typeof(object) || method.ReturnType.IsByRefLike)
            {
                continue;
            }

            ParameterInfo[] parameters = method.GetParameters();
            object?[] arguments = new object?[parameters.Length];
            bool callable = true;
            for (int i = 0; i < parameters.Length; i++)
            {
                Type type = parameters[i].ParameterType;
                if (type.IsByRef)
                {
                    type = type.GetElementType()!;
                    if (parameters[i].IsOut)
                    {
                        continue;
                    }
                }

                if (type.IsByRefLike || type.IsPointer)
                {
                    callable = false;
                    break;
                }

                arguments[i] = parameters[i].HasDefaultValue ? parameters[i].DefaultValue : wrongObjects && type == typeof(object) ? WrongTypedValue : ArgumentFor(type);
                if (arguments[i] is null && type.IsValueType)
                {
                    callable = false;
                    break;
                }
            }

            if (!callable)
            {
                continue;
            }

            yield return ($"{method.DeclaringType!.Name}.{method.Name}({string.Join(", ", parameters.Select(p => p.ParameterType.Name))}){(wrongObjects ? " with a wrong-typed object" : string.Empty)}", () =>
            {
                try
                {
                    return method.Invoke(subject, arguments);
                }
                catch (TargetInvocationException ex) when (ex.InnerException is not null)
                {
                    System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
                    throw;
                }
            });
        }
    }

    /// <summary>Compares two scenario logs step by step.</summary>
    protected static void CompareScenario(List<string> expected, List<string> actual, string name)
    {
        for (int i = 0; i < Math.Max(expected.Count, actual.Count); i++)
        {
            Conformance.Same(expected.ElementAtOrDefault(i) ?? "-", actual.ElementAtOrDefault(i) ?? "-", $"{name}, step {i}");
        }
    }

    /// <summary>Runs one scenario of the enumerator state matrix and logs every outcome.</summary>
    protected static List<string> RunScenario<TItem>(IEnumerable<TItem> collection, int size, bool generic, string scenario, Action modify)
    {
        List<string> log = [];
        IEnumerator enumerator = generic ? collection.GetEnumerator() : ((IEnumerable)collection).GetEnumerator();
        void Record(string what, Func<object?> step) => log.Add(what + ": " + Conformance.Outcome(step));
        void Currents()
        {
            Record("Current", () => enumerator.Current);
            if (generic)
            {
                Record("generic Current", () => ((IEnumerator<TItem>)enumerator).Current);
            }
        }

        switch (scenario)
        {
            case "before start and after end":
                Currents();
                for (int i = 0; i < size + 2; i++)
                {
                    Record("MoveNext", () => enumerator.MoveNext());
                    Currents();
                }

                break;
            case "after end + modification":
            case "mid + modification":
                if (scenario.StartsWith("after", StringComparison.Ordinal))
                {
                    while (enumerator.MoveNext())
                    {
                    }
                }
                else
                {
                    Record("MoveNext", () => enumerator.MoveNext());
                }

                modify();
                Currents();
                Record("MoveNext", () => enumerator.MoveNext());
                Currents();
                log.Add("Reset: " + Conformance.Outcome(enumerator.Reset));
                break;
            default:
                Record("MoveNext", () => enumerator.MoveNext());
                log.Add("Reset: " + Conformance.Outcome(enumerator.Reset));
                Currents();
                for (int i = 0; i < size + 1; i++)
                {
                    Record("MoveNext", () => enumerator.MoveNext());
                    Currents();
                }

                log.Add("Reset: " + Conformance.Outcome(enumerator.Reset));
                Record("MoveNext", () => enumerator.MoveNext());
                Currents();
                break;
        }

        (enumerator as IDisposable)?.Dispose();
        return log;
    }
}
