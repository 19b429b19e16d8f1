using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace Gen0.Tests;

/// <summary>
/// .NET Framework 4.7.2: the .NET Core members of the BCL collections that the differential and conformance suites
/// call on the twins. The try-methods are what they are on .NET. Capacity members call the runtime's own where the
/// runtime has them (Mono's collections are CoreFX's and have <c>EnsureCapacity</c>/<c>TrimExcess(int)</c>, which the
/// reference assemblies hide), read the entry array's length for <c>Capacity</c>, and throw
/// <see cref="NotSupportedException"/> on a runtime that has neither (.NET Framework on Windows).
/// </summary>
internal static class NetFrameworkCollectionPolyfills
{
    extension<T>(Queue<T> queue)
    {
        /// <summary>Dequeues when not empty.</summary>
        /// <param name="result">The item.</param>
        /// <returns>Whether there was one.</returns>
        public bool TryDequeue([MaybeNullWhen(false)] out T result)
        {
            if (queue.Count == 0)
            {
                result = default;
                return false;
            }

            result = queue.Dequeue();
            return true;
        }

        /// <summary>Peeks when not empty.</summary>
        /// <param name="result">The item.</param>
        /// <returns>Whether there was one.</returns>
        public bool TryPeek([MaybeNullWhen(false)] out T result)
        {
            if (queue.Count == 0)
            {
                result = default;
                return false;
            }

            result = queue.Peek();
            return true;
        }

        /// <summary>Reserves room (the runtime's own <c>EnsureCapacity</c>).</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The new capacity.</returns>
        public int EnsureCapacity(int capacity) => RuntimeMember<int>(queue, nameof(EnsureCapacity), capacity);

        /// <summary>Shrinks to <paramref name="capacity"/> (the runtime's own <c>TrimExcess(int)</c>).</summary>
        /// <param name="capacity">The capacity.</param>
        public void TrimExcess(int capacity) => RuntimeMember<object?>(queue, nameof(TrimExcess), capacity);

        /// <summary>Gets the capacity (the length of the queue's array).</summary>
        public int Capacity => ArrayLength(queue, "_array", "_array");
    }

    extension<T>(Stack<T> stack)
    {
        /// <summary>Pops when not empty.</summary>
        /// <param name="result">The item.</param>
        /// <returns>Whether there was one.</returns>
        public bool TryPop([MaybeNullWhen(false)] out T result)
        {
            if (stack.Count == 0)
            {
                result = default;
                return false;
            }

            result = stack.Pop();
            return true;
        }

        /// <summary>Reserves room (the runtime's own <c>EnsureCapacity</c>).</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The new capacity.</returns>
        public int EnsureCapacity(int capacity) => RuntimeMember<int>(stack, nameof(EnsureCapacity), capacity);

        /// <summary>Shrinks to <paramref name="capacity"/> (the runtime's own <c>TrimExcess(int)</c>).</summary>
        /// <param name="capacity">The capacity.</param>
        public void TrimExcess(int capacity) => RuntimeMember<object?>(stack, nameof(TrimExcess), capacity);

        /// <summary>Gets the capacity (the length of the stack's array).</summary>
        public int Capacity => ArrayLength(stack, "_array", "_array");
    }

    extension<T>(List<T> list)
    {
        /// <summary>Returns a copy of a range (.NET 8's <c>Slice</c> is <c>GetRange</c>).</summary>
        /// <param name="start">The first index.</param>
        /// <param name="length">The count.</param>
        /// <returns>The copy.</returns>
        public List<T> Slice(int start, int length) => list.GetRange(start, length);

        /// <summary>Reserves room as .NET 6's <c>List&lt;T&gt;.EnsureCapacity</c> does (double, at least the request).</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The new capacity.</returns>
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(capacity));
            }

            if (list.Capacity < capacity)
            {
                int doubled = list.Capacity == 0 ? 4 : (int)Math.Min(2L * list.Capacity, Array.MaxLength);
                list.Capacity = Math.Max(doubled, capacity);
            }

            return list.Capacity;
        }

        /// <summary>Adds the items of a span.</summary>
        /// <param name="source">The items.</param>
        public void AddRange(ReadOnlySpan<T> source) => list.AddRange(source.ToArray());

        /// <summary>Inserts the items of a span.</summary>
        /// <param name="index">Where.</param>
        /// <param name="source">The items.</param>
        public void InsertRange(int index, ReadOnlySpan<T> source)
        {
            if ((uint)index > (uint)list.Count)
            {
                throw new ArgumentOutOfRangeException(nameof(index));
            }

            list.InsertRange(index, source.ToArray());
        }

        /// <summary>Copies the list into a span.</summary>
        /// <param name="destination">The destination.</param>
        public void CopyTo(Span<T> destination)
        {
            if (list.Count > destination.Length)
            {
                throw new ArgumentException("Destination is too short.", nameof(destination));
            }

            for (int i = 0; i < list.Count; i++)
            {
                destination[i] = list[i];
            }
        }
    }

    extension<TKey, TValue>(Dictionary<TKey, TValue> dictionary)
        where TKey : notnull
    {
        /// <summary>Gets the capacity (the length of the entry array).</summary>
        public int Capacity => ArrayLength(dictionary, "_entries", "entries");

        /// <summary>Reserves room (the runtime's own <c>EnsureCapacity</c>).</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The new capacity.</returns>
        public int EnsureCapacity(int capacity) => RuntimeMember<int>(dictionary, nameof(EnsureCapacity), capacity);

        /// <summary>Shrinks to what the count needs (the runtime's own <c>TrimExcess()</c>).</summary>
        public void TrimExcess() => RuntimeMember<object?>(dictionary, nameof(TrimExcess));

        /// <summary>Shrinks to <paramref name="capacity"/> (the runtime's own <c>TrimExcess(int)</c>).</summary>
        /// <param name="capacity">The capacity.</param>
        public void TrimExcess(int capacity) => RuntimeMember<object?>(dictionary, nameof(TrimExcess), capacity);

        /// <summary>Returns the value of <paramref name="key"/>, or <paramref name="defaultValue"/>.</summary>
        /// <param name="key">The key.</param>
        /// <param name="defaultValue">The fallback.</param>
        /// <returns>The value.</returns>
        public TValue GetValueOrDefault(TKey key, TValue defaultValue) => dictionary.TryGetValue(key, out TValue? value) ? value : defaultValue;
    }

    extension<TKey, TValue>(IDictionary<TKey, TValue> dictionary)
    {
        /// <summary>Removes the key and returns its value.</summary>
        /// <param name="key">The key.</param>
        /// <param name="value">The value removed.</param>
        /// <returns>Whether it was there.</returns>
        public bool Remove(TKey key, [MaybeNullWhen(false)] out TValue value) =>
            dictionary.TryGetValue(key, out value) && dictionary.Remove(key);
    }

    extension<T>(HashSet<T> set)
    {
        /// <summary>Gets the capacity (the length of the slot array).</summary>
        public int Capacity => ArrayLength(set, "_slots", "m_slots");

        /// <summary>Reserves room (the runtime's own <c>EnsureCapacity</c>, not Gen0's degraded polyfill).</summary>
        /// <param name="capacity">The wanted capacity.</param>
        /// <returns>The new capacity.</returns>
        public int EnsureCapacity(int capacity) => RuntimeMember<int>(set, nameof(EnsureCapacity), capacity);

        /// <summary>Shrinks to <paramref name="capacity"/> (the runtime's own <c>TrimExcess(int)</c>).</summary>
        /// <param name="capacity">The capacity.</param>
        public void TrimExcess(int capacity) => RuntimeMember<object?>(set, nameof(TrimExcess), capacity);
    }

    extension<T>(T[] array)
    {
        /// <summary>
        /// Enumerates the array backwards. .NET 10 has this overload so that C# 14's span conversion does not bind
        /// <c>array.Reverse()</c> to the in-place <c>MemoryExtensions.Reverse</c>; .NET Framework needs it too.
        /// </summary>
        /// <returns>The items, last first.</returns>
        public IEnumerable<T> Reverse() => Enumerable.Reverse(array);
    }

    extension<TKey, TValue>(IEnumerable<KeyValuePair<TKey, TValue>> pairs)
        where TKey : notnull
    {
        /// <summary>Builds a dictionary from pairs (.NET 8's parameterless <c>ToDictionary</c>).</summary>
        /// <returns>The dictionary.</returns>
        public Dictionary<TKey, TValue> ToDictionary() => pairs.ToDictionary(p => p.Key, p => p.Value);
    }

    private static TResult RuntimeMember<TResult>(object collection, string name, params object[] arguments)
    {
        MethodInfo? method = collection.GetType().GetMethod(name, BindingFlags.Public | BindingFlags.Instance, null, Array.ConvertAll(arguments, a => a.GetType()), null)
            ?? throw new NotSupportedException($"{collection.GetType().Name}.{name} is not in this runtime's class library (it is in Mono's and .NET's).");
        try
        {
            return (TResult)method.Invoke(collection, arguments)!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    private static int ArrayLength(object collection, string monoField, string frameworkField)
    {
        FieldInfo field = collection.GetType().GetField(monoField, BindingFlags.NonPublic | BindingFlags.Instance)
            ?? collection.GetType().GetField(frameworkField, BindingFlags.NonPublic | BindingFlags.Instance)
            ?? throw new NotSupportedException($"{collection.GetType().Name} keeps no {monoField} array in this runtime.");
        return (field.GetValue(collection) as Array)?.Length ?? 0;
    }
}
