package br.com.lojaapi.command.armazenamento;

import org.axonframework.common.ReflectionUtils;
import org.axonframework.common.StringUtils;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.AggregateFactory;
import org.axonframework.eventsourcing.IncompatibleAggregateException;
import org.axonframework.spring.stereotype.Aggregate;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Every aggregate instance is made by its no-argument constructor ({@link PorConstrutor}), not as a Spring
 * prototype bean. Axon's Spring support would register a {@code SpringPrototypeAggregateFactory} for each
 * {@link Aggregate}: every instance a command creates, and every one loaded from its events, would then be a full
 * bean creation with every bean post-processor of the application run on it, twice. No aggregate here takes
 * anything by injection (a handler that needs a service gets it as a parameter, which Axon resolves either way),
 * so that work bought nothing, and it is on the hottest paths there are: a customer, an order, and two for every
 * webhook delivery (its start and its outcome).
 * <p>
 * Axon's lookup ({@code SpringAggregateLookup}) uses a bean named {@code <aggregate>AggregateFactory} when one is
 * defined and registers its own otherwise; this registers that bean for every {@link Aggregate} class before the
 * lookup runs (registry post-processors run before the bean factory post-processors, the lookup among them), so an
 * aggregate added later is covered too. A polymorphic aggregate (an abstract root, or an aggregate class with
 * aggregate subclasses) keeps Axon's own factory, which knows the subtypes.
 */
@Configuration(proxyBeanMethods = false)
public class FabricasDeAgregados {

    @Bean
    static BeanDefinitionRegistryPostProcessor fabricasPorConstrutor() {
        return new Registro();
    }

    /** The name Axon's lookup looks for: the aggregate's simple name, first letter lower case, then the suffix. */
    public static String nomeDaFabrica(Class<?> agregado) {
        return StringUtils.lowerCaseFirstCharacterOf(agregado.getSimpleName()) + "AggregateFactory";
    }

    static final class Registro implements BeanDefinitionRegistryPostProcessor {

        @Override
        public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registro) {
            List<Class<?>> agregados = new ArrayList<>();
            for (String nome : registro.getBeanDefinitionNames()) {
                Class<?> agregado = agregado(registro.getBeanDefinition(nome));
                if (agregado != null) {
                    agregados.add(agregado);
                }
            }
            for (Class<?> agregado : agregados) {
                // a polymorphic aggregate (an aggregate class with aggregate subclasses) keeps Axon's factory
                boolean polimorfico = agregados.stream().anyMatch(a -> a != agregado && agregado.isAssignableFrom(a));
                if (!polimorfico && !registro.containsBeanDefinition(nomeDaFabrica(agregado))) {
                    RootBeanDefinition fabrica = new RootBeanDefinition(AggregateFactory.class,
                                                                        () -> new PorConstrutor<>(agregado));
                    fabrica.setRole(BeanDefinition.ROLE_INFRASTRUCTURE);
                    registro.registerBeanDefinition(nomeDaFabrica(agregado), fabrica);
                }
            }
        }

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory fabrica) {
        }

        private static Class<?> agregado(BeanDefinition definicao) {
            String classe = definicao.getBeanClassName();
            if (classe == null) {
                return null;
            }
            try {
                Class<?> tipo = ClassUtils.forName(classe, FabricasDeAgregados.class.getClassLoader());
                boolean raiz = !Modifier.isAbstract(tipo.getModifiers());
                return raiz && AnnotatedElementUtils.hasAnnotation(tipo, Aggregate.class) ? tipo : null;
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
        }
    }

    /**
     * What Axon's {@code AbstractAggregateFactory} does for an aggregate without subtypes, without inspecting the
     * aggregate's handlers a second time (Axon's {@code GenericAggregateFactory} does, with its default parameter
     * resolvers only, and fails on a handler that takes a Spring bean): a snapshot is the aggregate itself, anything
     * else starts from a new instance.
     */
    static final class PorConstrutor<T> implements AggregateFactory<T> {

        private final Class<T> tipo;
        private final Constructor<T> construtor;

        PorConstrutor(Class<T> tipo) {
            this.tipo = tipo;
            try {
                this.construtor = ReflectionUtils.ensureAccessible(tipo.getDeclaredConstructor());
            } catch (NoSuchMethodException e) {
                throw new IncompatibleAggregateException(
                        "O agregado " + tipo.getName() + " não tem construtor sem argumentos", e);
            }
        }

        @Override
        public T createAggregateRoot(String id, DomainEventMessage<?> primeiro) {
            if (tipo.equals(primeiro.getPayloadType())) {
                return tipo.cast(primeiro.getPayload());
            }
            try {
                return construtor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IncompatibleAggregateException("Não foi possível criar " + tipo.getName(), e);
            }
        }

        @Override
        public Class<T> getAggregateType() {
            return tipo;
        }
    }
}
