import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ScrollTopButton } from "../../components/ui";
import { Spinner } from "../../components/Spinner";
import { SITE } from "../../config/site";
import { postQuery, similarPostsQuery } from "./queries";
import { PostBody, PostHeader, PostNotFound, SimilarPosts } from "./BlogPostParts";
import { usePostText } from "./usePostText";

/** A new slug is a new page: remounting resets every piece of state. */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  return <BlogPostView key={slug} slug={slug} />;
}

function BlogPostView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  // undefined: loading; null: no such published post.
  const { data: post } = useQuery(postQuery(slug));
  const { data: similar = [] } = useQuery(similarPostsQuery(slug));
  const { title, content, tags, html } = usePostText(post, slug);

  if (post === undefined) return <Spinner label={t("blog.loading")} />;
  if (post === null) return <PostNotFound />;

  const author = post.author || SITE.name;
  return (
    <>
      <article className="post">
        <PostHeader post={post} title={title} tags={tags} author={author} />
        <PostBody post={post} title={title} content={content} html={html} author={author} />
      </article>
      <SimilarPosts similar={similar} />
      <ScrollTopButton />
    </>
  );
}
