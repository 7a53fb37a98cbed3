"""The store-import benchmark's peer: the same work as Widgetry's JSON import, in plain Python.

Loads the generated posts with json.load, keeps an identity map of posts and of users, converts
values (integers, ISO 8601 dates), and links each post to its author on both sides, as the store
does. Prints one JSON object: the median CPU seconds of the process over the rounds
(and the median wall-clock seconds), the object counts, peak RSS.

    python3 import_posts.py POSTS.json ROUNDS
"""
import datetime
import json
import resource
import statistics
import sys
import time


def import_posts(path):
    with open(path, "rb") as file:
        data = json.load(file)
    users = {}
    posts = {}
    for item in data:
        author = None
        user = item.get("user")
        if user is not None:
            user_id = user["id_str"]
            author = users.get(user_id)
            if author is None:
                author = {"userId": user_id, "posts": []}
                users[user_id] = author
            for source, target in (("name", "name"), ("screen_name", "nickname"), ("image_name", "imageName")):
                value = user.get(source)
                if value is not None:
                    author[target] = str(value)
        post_id = item["id_str"]
        post = posts.get(post_id)
        if post is None:
            post = {"postId": post_id}
            posts[post_id] = post
        for source, target in (("favorite_count", "favoritesCount"), ("repost_count", "repostCount")):
            value = item.get(source)
            if value is not None:
                post[target] = int(value)
        text = item.get("text")
        if text is not None:
            post["text"] = str(text)
        stamp = item.get("created_at")
        if stamp is not None:
            post["timestamp"] = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        if author is not None and post.get("author") is not author:
            previous = post.get("author")
            if previous is not None:
                previous["posts"].remove(post)
            post["author"] = author
            author["posts"].append(post)
    return len(posts), len(users)


def main():
    path, rounds = sys.argv[1], int(sys.argv[2])
    times = []
    wall_times = []
    counts = (0, 0)
    for _ in range(rounds + 1):
        start, wall_start = time.process_time(), time.perf_counter()
        counts = import_posts(path)
        times.append(time.process_time() - start)
        wall_times.append(time.perf_counter() - wall_start)
    print(json.dumps({
        "implementation": "Python %d.%d.%d" % sys.version_info[:3],
        "medianSeconds": statistics.median(times[1:]),
        "medianWallSeconds": statistics.median(wall_times[1:]),
        "posts": counts[0],
        "users": counts[1],
        "peakRSSKilobytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }))


if __name__ == "__main__":
    main()
